/// Light or dark.
public enum ColorScheme: String, CaseIterable, Sendable {
  /// Dark content on light backgrounds.
  case light
  /// Light content on dark backgrounds.
  case dark
}

/// A semantic colour role. Views ask for a role, never a raw colour, so every theme can
/// answer with its own value.
public enum ColorRole: String, CaseIterable, Sendable {
  /// The screen behind everything.
  case background
  /// Grouped sections, cards and input fields on the background.
  case surface
  /// Sheets, menus and popovers above surfaces.
  case surfaceElevated
  /// Titles and body text.
  case textPrimary
  /// Subtitles and supporting text.
  case textSecondary
  /// Placeholders, timestamps and the least important text (still readable: 4.5:1).
  case textTertiary
  /// Primary buttons, links, selection, focus rings.
  case accentPrimary
  /// Secondary highlights: badges, secondary icons, outlines.
  case accentSecondary
  /// Text and icons drawn on `accentPrimary` (primary button labels).
  case onAccent
  /// Hairline separators (decorative).
  case borderHairline
  /// Card outlines (decorative).
  case borderSubtle
  /// Boundaries that identify a control, such as a text field's outline.
  case borderStrong
  /// Success indicators.
  case success
  /// Warning indicators.
  case warning
  /// Errors and destructive actions.
  case danger
  /// The user's chat bubble.
  case bubbleUser
  /// Text in the user's chat bubble.
  case bubbleUserText
  /// The assistant's chat bubble.
  case bubbleAssistant
  /// Text in the assistant's chat bubble.
  case bubbleAssistantText
}
