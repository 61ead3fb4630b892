/// The keys of one `L10n` namespace. Each namespace declares its keys as an enum, so an
/// accessor cannot name a key that does not exist, and tests can list every key the code
/// uses and compare it with the tables.
///
/// A key's table name is `"<namespace>.<case>"`, e.g. `"chat.placeholder"`.
package protocol LocalizationKey: CaseIterable, Sendable, RawRepresentable
where RawValue == String {
  /// The first part of every key, e.g. `"chat"`.
  static var namespace: String { get }
  /// Every key as accessors name it (`"chat.messagesRemaining"`).
  static var keys: [String] { get }
  /// Every entry these keys need in a table (plural keys expand to one entry per form).
  static var tableKeys: [String] { get }
}

/// Keys whose strings have plural forms; each needs one table entry per `PluralCategory`
/// (`"chat.messagesRemaining.zero"`, `.one`, `.other`).
package protocol PluralLocalizationKey: LocalizationKey {}

extension LocalizationKey {
  /// The key as written in the tables.
  package var key: String { "\(Self.namespace).\(rawValue)" }

  package static var keys: [String] { allCases.map(\.key) }

  package static var tableKeys: [String] { keys }
}

extension PluralLocalizationKey {
  package static var tableKeys: [String] {
    allCases.flatMap { key in
      PluralCategory.allCases.map { "\(key.key).\($0.rawValue)" }
    }
  }
}

extension L10n {
  /// Every key enum, the one list the catalogue tests compare the tables with. A new
  /// namespace's keys must be added here or the tests report its table entries as unused.
  package static let keyTypes: [any LocalizationKey.Type] = [
    A11y.Key.self,
    Archive.Key.self,
    Auth.Key.self,
    Chat.Key.self,
    Chat.PluralKey.self,
    Common.Key.self,
    Error.Key.self,
    Error.PluralKey.self,
    Onboarding.Key.self,
    Payments.Key.self,
    Payments.PluralKey.self,
    Persona.Key.self,
    Profile.Key.self,
    Session.Key.self,
    Settings.Key.self,
    Setup.Key.self,
    Sync.Key.self,
    Terminal.Key.self,
    Theme.Key.self,
  ]

  /// Every key the accessors can read, plural keys without their form suffix.
  package static var keys: [String] {
    keyTypes.flatMap { $0.keys }
  }

  /// Every table entry the accessors can read.
  package static var tableKeys: [String] {
    keyTypes.flatMap { $0.tableKeys }
  }

  /// The current language's string for `key`, with `arguments` substituted. Always
  /// rendered, so `%%` reads as `%` whether or not the string takes arguments.
  static func text(_ key: some LocalizationKey, _ arguments: [LocalizationArgument]) -> String {
    current.string(key.key, arguments: arguments)
  }

  static func plural(_ key: some PluralLocalizationKey, count: Int) -> String {
    current.plural(key.key, count: count)
  }
}
