extension A11y {
  /// Navigation labels.
  public enum Navigation {
    /// "Back": Returns to the previous screen.
    public static let back = A11yEntry("navigation.back", traits: [.button])

    /// "Close": Double tap to close this screen.
    public static let close = A11yEntry("navigation.close", traits: [.button])

    /// "Menu": Double tap to open the menu.
    public static let menu = A11yEntry("navigation.menu", traits: [.button])

    /// "Settings": Double tap to open settings.
    public static let settings = A11yEntry("navigation.settings", traits: [.button])

    /// A tab: "{name} tab", marked selected when it is the current tab. Only an unselected
    /// tab has a hint ("Double tap to switch to {name}").
    public static func tab(name: String, selected: Bool) -> A11yEntry {
      A11yEntry(
        "navigation.tab", hint: !selected, traits: selected ? [.button, .selected] : .button,
        arguments: ["name": name])
    }

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        back, close, menu, settings, tab(name: "Chat", selected: true),
        tab(name: "History", selected: false),
      ]
    }
  }
}
