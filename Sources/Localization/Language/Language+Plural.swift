/// Which plural form of a string a count selects.
///
/// `zero` is not a CLDR category for English or Spanish; Kiln uses it on purpose so that a
/// count of zero can read naturally ("No messages remaining") instead of "0 messages
/// remaining". Every plural key has all three forms in every table.
public enum PluralCategory: String, CaseIterable, Sendable {
  /// Exactly zero.
  case zero
  /// The singular form.
  case one
  /// Every other count.
  case other
}

extension Language {
  /// The plural form `count` selects in this language.
  ///
  /// Counts are whole numbers, so only the integer part of each CLDR rule applies. The sign
  /// does not matter (CLDR rules use the absolute value).
  public func pluralCategory(for count: Int) -> PluralCategory {
    let magnitude = count.magnitude
    switch self {
    case .english:
      // CLDR en: one → i = 1 and v = 0; everything else is other.
      if magnitude == 0 { return .zero }
      return magnitude == 1 ? .one : .other
    case .spanish:
      // CLDR es: one → n = 1. The "many" category (exact millions, "1 000 000 de mensajes")
      // is not modelled; such counts use other.
      if magnitude == 0 { return .zero }
      return magnitude == 1 ? .one : .other
    }
  }
}
