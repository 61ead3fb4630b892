import Foundation

/// Makes identifiers; injected so tests can predict them.
public struct UUIDGenerator: Sendable {
  private let make: @Sendable () -> UUID

  public init(_ make: @escaping @Sendable () -> UUID) {
    self.make = make
  }

  /// A new identifier.
  public func callAsFunction() -> UUID { make() }

  /// Random version-4 identifiers.
  public static let live = UUIDGenerator { UUID() }

  /// Always the same identifier.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, … (hexadecimal).
  public static func incrementing(from start: Int = 0) -> UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator { UUID(sequence: start + counter.next()) }
  }
}

extension UUID {
  /// The identifier whose last 12 hexadecimal digits spell `sequence`, the rest zero:
  /// `UUID(sequence: 10)` is `00000000-0000-0000-0000-00000000000A`.
  public init(sequence: Int) {
    let hex = String(UInt64(truncatingIfNeeded: sequence) & 0xFFFF_FFFF_FFFF, radix: 16)
      .uppercased()
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    // The string is built from hexadecimal digits in the canonical layout, so it always parses.
    self = UUID(uuidString: "00000000-0000-0000-0000-" + padded) ?? UUID()
  }
}
