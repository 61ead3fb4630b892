/// An opaque sRGB colour with 8-bit channels: the unit every palette is written in.
///
/// Palettes are opaque on purpose: contrast between two opaque colours is well defined,
/// and every renderer (SwiftUI, a 24-bit terminal, HTML) can draw the exact value.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
  /// The red channel, 0–255.
  public let red: UInt8
  /// The green channel, 0–255.
  public let green: UInt8
  /// The blue channel, 0–255.
  public let blue: UInt8

  /// Creates a colour from 8-bit channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Creates a colour from a 24-bit value, e.g. `RGBColor(0xFF6347)`.
  public init(_ rgb: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: rgb >> 16),
      green: UInt8(truncatingIfNeeded: rgb >> 8),
      blue: UInt8(truncatingIfNeeded: rgb))
  }

  /// The channels as fractions in 0...1, as SwiftUI's `Color(red:green:blue:)` takes them.
  public var fractions: (red: Double, green: Double, blue: Double) {
    (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
  }

  /// The 24-bit value, `0xRRGGBB`.
  public var rgbValue: UInt32 {
    UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
  }

  /// `#RRGGBB`.
  public var description: String { hex }

  /// Pure black.
  public static let black = RGBColor(red: 0, green: 0, blue: 0)
  /// Pure white.
  public static let white = RGBColor(red: 255, green: 255, blue: 255)
}

extension RGBColor: ExpressibleByIntegerLiteral {
  /// Creates a colour from a hex literal, e.g. `let coral: RGBColor = 0xDE6347`.
  public init(integerLiteral value: UInt32) {
    self.init(value)
  }
}
