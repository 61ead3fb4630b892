/// One element of a screen, described for the accessibility audit.
public struct A11yAuditElement: Hashable, Sendable {
  /// A name for reports ("send-button").
  public var id: String
  /// The VoiceOver label, if any.
  public var label: String?
  /// The VoiceOver hint, if any.
  public var hint: String?
  /// The element's traits.
  public var traits: A11yTraits
  /// The tappable width in points.
  public var width: Double
  /// The tappable height in points.
  public var height: Double
  /// The text or icon colour, when the element draws one.
  public var foreground: RGBColor?
  /// The colour behind the element.
  public var background: RGBColor?
  /// The text size in points, when the element is text.
  public var fontSize: Double?
  /// The text weight.
  public var fontWeight: FontWeight
  /// Whether the user can activate or edit it.
  public var isInteractive: Bool
  /// Hidden from VoiceOver (decorative). Label rules skip it; contrast still applies,
  /// because it is still seen.
  public var isAccessibilityHidden: Bool

  /// Describes an element. `interactive` defaults to whether `traits` include an operable
  /// trait (button, link, toggle, text entry, search field, adjustable).
  public init(
    id: String,
    label: String? = nil,
    hint: String? = nil,
    traits: A11yTraits = [],
    width: Double,
    height: Double,
    foreground: RGBColor? = nil,
    background: RGBColor? = nil,
    fontSize: Double? = nil,
    fontWeight: FontWeight = .regular,
    interactive: Bool? = nil,
    isAccessibilityHidden: Bool = false
  ) {
    self.id = id
    self.label = label
    self.hint = hint
    self.traits = traits
    self.width = width
    self.height = height
    self.foreground = foreground
    self.background = background
    self.fontSize = fontSize
    self.fontWeight = fontWeight
    self.isInteractive = interactive ?? !traits.isDisjoint(with: .operable)
    self.isAccessibilityHidden = isAccessibilityHidden
  }

  /// Describes an element that uses a catalogue label.
  public init(
    id: String, accessibility: A11yLabel, width: Double, height: Double,
    foreground: RGBColor? = nil, background: RGBColor? = nil, fontSize: Double? = nil,
    fontWeight: FontWeight = .regular, interactive: Bool? = nil
  ) {
    self.init(
      id: id, label: accessibility.label, hint: accessibility.hint,
      traits: accessibility.traits, width: width, height: height, foreground: foreground,
      background: background, fontSize: fontSize, fontWeight: fontWeight,
      interactive: interactive)
  }

  /// The contrast this element needs: WCAG's text rule when it has a font size (3:1 for
  /// large text, 4.5:1 otherwise), 3:1 for an icon or image without text, and 4.5:1 when
  /// nothing says otherwise (the safe assumption).
  public var contrastRequirement: ContrastRequirement {
    if let fontSize { return .forText(size: fontSize, weight: fontWeight) }
    if traits.contains(.image) { return .nonText }
    return .normalText
  }
}
