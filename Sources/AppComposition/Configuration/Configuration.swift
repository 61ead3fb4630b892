import Foundation

/// Kiln's effective configuration: the config file, overridden by the environment,
/// overridden by command-line options.
///
/// Values that contain `YOUR` or `placeholder` (the seed's template markers), that begin
/// with `your` or contain `your-` / `your_` in any case (`your-api-key`), or that contain an
/// ellipsis (`sk-...`, as `kiln --help` writes keys) count as unset, so a copied example
/// never makes Kiln call a placeholder host or send a made-up key. Read values through
/// `value(_:)`; `entry(_:)` also gives placeholders and origins for `kiln config`.
public struct Configuration: Equatable, Sendable {
  /// Every raw value by key, including unknown keys and placeholders.
  public private(set) var entries: [String: ConfigurationEntry]

  /// A configuration from raw entries (tests and previews).
  public init(entries: [String: ConfigurationEntry] = [:]) {
    self.entries = entries
  }

  /// A configuration from plain values, all marked as coming from the environment.
  public init(values: [String: String]) {
    self.entries = values.mapValues { ConfigurationEntry(value: $0, origin: .environment) }
  }

  /// Merges the sources in precedence order: file, then environment, then overrides.
  ///
  /// Only environment variables that name a known key are taken, so the rest of the
  /// environment never leaks into `kiln config`.
  public static func merged(
    file: [String: ConfigurationEntry],
    environment: [String: String],
    overrides: [String: String] = [:]
  ) -> Configuration {
    var entries = file
    for key in ConfigurationKey.all {
      if let value = environment[key.name] {
        entries[key.name] = ConfigurationEntry(value: value, origin: .environment)
      }
    }
    for (name, value) in overrides {
      entries[name] = ConfigurationEntry(value: value, origin: .commandLine)
    }
    return Configuration(entries: entries)
  }

  /// Whether `value` is one of the template's placeholders.
  public static func isPlaceholder(_ value: String) -> Bool {
    let lowered = value.lowercased()
    return value.contains("YOUR") || lowered.contains("placeholder")
      || lowered.hasPrefix("your") || lowered.contains("your-") || lowered.contains("your_")
      || value.contains("...") || value.contains("\u{2026}")
  }

  /// The raw entry for `key`, placeholder or not.
  public func entry(_ key: ConfigurationKey) -> ConfigurationEntry? {
    entries[key.name]
  }

  /// The usable value of `key`: `nil` when unset, empty or a placeholder.
  public func value(_ key: ConfigurationKey) -> String? {
    guard let value = entries[key.name]?.value.trimmingCharacters(in: .whitespaces),
      !value.isEmpty, !Self.isPlaceholder(value)
    else { return nil }
    return value
  }

  /// Whether `key` has a usable value.
  public func isSet(_ key: ConfigurationKey) -> Bool {
    value(key) != nil
  }

  /// Every usable value by key name, for module factories that take a dictionary.
  public var usableValues: [String: String] {
    var result: [String: String] = [:]
    for name in entries.keys {
      let key = ConfigurationKey.named(name) ?? ConfigurationKey(name, .text, summary: "")
      if let value = value(key) { result[name] = value }
    }
    return result
  }

  /// Returns a copy with `key` set (or removed when `value` is nil).
  public func setting(
    _ key: ConfigurationKey, to value: String?, origin: ConfigurationOrigin = .commandLine
  )
    -> Configuration
  {
    var copy = self
    copy.entries[key.name] = value.map { ConfigurationEntry(value: $0, origin: origin) }
    return copy
  }

  // MARK: Typed values (call `validate()` first; these fall back to defaults on bad input)

  /// A URL value, when set and well formed.
  public func url(_ key: ConfigurationKey) -> URL? {
    value(key).flatMap(ConfigurationValidator.httpURL)
  }

  /// A boolean value: `true`/`1`/`yes` or `false`/`0`/`no`; `nil` when unset or invalid.
  public func bool(_ key: ConfigurationKey) -> Bool? {
    value(key).flatMap(ConfigurationValidator.boolean)
  }

  /// A positive integer value.
  public func positiveInteger(_ key: ConfigurationKey) -> Int? {
    value(key).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// A comma-separated list, trimmed, without empty items.
  public func list(_ key: ConfigurationKey) -> [String] {
    (value(key) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Keys present in the configuration file that Kiln does not know.
  public var unknownFileKeys: [String] {
    entries.filter { name, entry in
      if case .file = entry.origin { return ConfigurationKey.named(name) == nil }
      return false
    }.keys.sorted()
  }
}
