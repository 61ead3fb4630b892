extension A11yCatalog {
  /// The traits VoiceOver speaks, each with the key of its word, in speaking order.
  public static let roleKeys: [(trait: A11yTraits, key: String)] = [
    (.button, "role.button"), (.link, "role.link"), (.header, "role.header"),
    (.image, "role.image"), (.toggle, "role.toggle"), (.searchField, "role.searchField"),
    (.textEntry, "role.textEntry"), (.adjustable, "role.adjustable"),
    (.selected, "role.selected"), (.notEnabled, "role.notEnabled"),
  ]

  /// The role words of `traits` in this language, in speaking order ("button, selected").
  public func roleWords(for traits: A11yTraits) -> [String] {
    Self.roleKeys.compactMap { trait, key in
      traits.contains(trait) ? template(forKey: key) : nil
    }
  }

  /// Roughly what VoiceOver says for `label`: "Send message, button. Double tap to send
  /// your message." The terminal app prints it in its screen-reader mode.
  public func spokenDescription(of label: A11yLabel) -> String {
    var text = ([label.label] + roleWords(for: label.traits)).joined(separator: ", ")
    if let hint = label.hint, !hint.isEmpty {
      text += ". " + hint
    }
    if let last = text.last, !".?!".contains(last) {
      text += "."
    }
    return text
  }
}
