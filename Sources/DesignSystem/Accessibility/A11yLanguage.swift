/// A language the accessibility catalogue ships in.
public enum A11yLanguage: String, CaseIterable, Sendable {
  /// English, the fallback for every missing string.
  case english = "en"
  /// Spanish.
  case spanish = "es"

  /// The catalogue language for a locale or language identifier (`es`, `es-MX`, `es_ES`);
  /// English for anything the catalogue does not ship.
  public init(identifier: String) {
    let code = identifier.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    self = code.flatMap { A11yLanguage(rawValue: String($0)) } ?? .english
  }
}
