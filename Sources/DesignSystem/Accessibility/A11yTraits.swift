/// What an element is and how it behaves, for assistive technologies. The SwiftUI target
/// maps these to `AccessibilityTraits`; `textEntry` has no trait there (text fields carry
/// it implicitly) and exists so the audit knows an element accepts typing.
public struct A11yTraits: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: UInt32

  /// Creates traits from bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Performs an action when activated.
  public static let button = A11yTraits(rawValue: 1 << 0)
  /// Opens a web page or another app.
  public static let link = A11yTraits(rawValue: 1 << 1)
  /// A heading that divides content.
  public static let header = A11yTraits(rawValue: 1 << 2)
  /// A picture or icon.
  public static let image = A11yTraits(rawValue: 1 << 3)
  /// Currently selected (a tab, an option).
  public static let selected = A11yTraits(rawValue: 1 << 4)
  /// Text that does not change.
  public static let staticText = A11yTraits(rawValue: 1 << 5)
  /// A search field.
  public static let searchField = A11yTraits(rawValue: 1 << 6)
  /// Swipe up or down to change its value (sliders, steppers).
  public static let adjustable = A11yTraits(rawValue: 1 << 7)
  /// An on/off switch.
  public static let toggle = A11yTraits(rawValue: 1 << 8)
  /// Accepts typed text.
  public static let textEntry = A11yTraits(rawValue: 1 << 9)
  /// Changes often; read again when focused (a streaming reply, a timer).
  public static let updatesFrequently = A11yTraits(rawValue: 1 << 10)
  /// Dimmed and not usable right now.
  public static let notEnabled = A11yTraits(rawValue: 1 << 11)

  /// The traits that tell a user how to operate an element. An interactive element needs at
  /// least one.
  public static let operable: A11yTraits = [
    .button, .link, .searchField, .adjustable, .toggle, .textEntry,
  ]

  /// Every single trait, in bit order.
  public static let all: [A11yTraits] = [
    .button, .link, .header, .image, .selected, .staticText, .searchField, .adjustable, .toggle,
    .textEntry, .updatesFrequently, .notEnabled,
  ]
}
