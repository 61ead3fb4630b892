import Core
import Foundation
import Localization
import Payments

/// Checks a configuration and explains every problem: which key, where it was set, what is
/// wrong, and how to fix it.
public enum ConfigurationValidator {
  /// All problems in `configuration`, or none. Placeholders are not problems (they mean
  /// "unset"); values that are set but malformed are.
  public static func issues(in configuration: Configuration) -> [ConfigurationIssue] {
    var issues: [ConfigurationIssue] = []
    for key in ConfigurationKey.all {
      guard let entry = configuration.entry(key), let value = configuration.value(key) else {
        continue
      }
      if let issue = check(value, for: key, origin: entry.origin) { issues.append(issue) }
    }
    issues += pairingIssues(in: configuration)
    if let issue = productCatalogueIssue(in: configuration) { issues.append(issue) }
    return issues
  }

  /// The product catalogue in `configuration`, prices formatted for `locale`; an empty one
  /// when none is set.
  /// - Throws: `ConfigurationError` naming the entry that does not parse.
  public static func productCatalogue(
    in configuration: Configuration, locale: Locale
  ) throws(ConfigurationError) -> ProductCatalogue {
    guard let text = configuration.value(.productCatalogue) else { return ProductCatalogue() }
    do {
      return try ProductCatalogue(parsing: text, locale: locale)
    } catch {
      throw ConfigurationError([
        ConfigurationIssue(
          key: ConfigurationKey.productCatalogue.name,
          origin: configuration.entry(.productCatalogue)?.origin, problem: words(error),
          fix: L10n.Setup.text(.fixProductCatalogue))
      ])
    }
  }

  /// What is wrong with a catalogue entry, in the interface language.
  static func words(_ error: ProductCatalogueError) -> String {
    switch error.reason {
    case .shape: L10n.Setup.text(.catalogueShape, error.entry)
    case .amount(let amount): L10n.Setup.text(.catalogueAmount, error.entry, amount)
    case .currency(let currency): L10n.Setup.text(.catalogueCurrency, error.entry, currency)
    case .repeated: L10n.Setup.text(.catalogueRepeated, error.entry)
    }
  }

  private static func productCatalogueIssue(
    in configuration: Configuration
  ) -> ConfigurationIssue? {
    do {
      _ = try productCatalogue(in: configuration, locale: Locale(identifier: "en"))
      return nil
    } catch {
      return error.issues.first
    }
  }

  /// Throws every problem at once.
  /// - Throws: `ConfigurationError` when any issue is found.
  public static func validate(_ configuration: Configuration) throws {
    let found = issues(in: configuration)
    if !found.isEmpty { throw ConfigurationError(found) }
  }

  /// Warnings that do not stop Kiln: unknown keys in the file (with a suggestion) and plain
  /// HTTP to a remote host.
  public static func warnings(in configuration: Configuration) -> [ConfigurationIssue] {
    var warnings: [ConfigurationIssue] = []
    for name in configuration.unknownFileKeys {
      let suggestion = closestKnownKey(to: name).map {
        L10n.Setup.text(.fixUnknownKeySuggestion, $0)
      }
      warnings.append(
        ConfigurationIssue(
          key: name, origin: configuration.entries[name]?.origin,
          problem: L10n.Setup.text(.unknownKey),
          fix: suggestion ?? L10n.Setup.text(.fixUnknownKey)))
    }
    for key in [ConfigurationKey.proxyBaseURL, .openAIBaseURL, .supabaseURL] {
      guard let url = configuration.url(key), url.scheme == "http", let host = url.host,
        !isLocal(host)
      else { continue }
      warnings.append(
        ConfigurationIssue(
          key: key.name, origin: configuration.entry(key)?.origin,
          problem: L10n.Setup.text(.plainHTTP, host), fix: L10n.Setup.text(.fixPlainHTTP)))
    }
    return warnings
  }

  /// Parses an absolute http or https URL with a host.
  public static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// Parses `true`/`false`, `1`/`0`, `yes`/`no` (any case).
  public static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "1", "yes": return true
    case "false", "0", "no": return false
    default: return nil
    }
  }

  private static func check(
    _ value: String, for key: ConfigurationKey, origin: ConfigurationOrigin
  ) -> ConfigurationIssue? {
    func issue(_ problem: String, _ fix: String) -> ConfigurationIssue {
      ConfigurationIssue(key: key.name, origin: origin, problem: problem, fix: fix)
    }
    switch key.kind {
    case .url:
      guard httpURL(value) != nil else {
        return issue(L10n.Setup.text(.notHTTPURL, value), L10n.Setup.text(.fixURL, key.name))
      }
    case .path:
      guard value.hasPrefix("/"), !value.contains(" ") else {
        return issue(
          L10n.Setup.text(.notURLPath, value), L10n.Setup.text(.fixPath, key.name, value))
      }
    case .boolean:
      guard boolean(value) != nil else {
        return issue(L10n.Setup.text(.notBoolean, value), L10n.Setup.text(.fixBoolean, key.name))
      }
    case .binaryFlag:
      guard value == "0" || value == "1" else {
        return issue(
          L10n.Setup.text(.notBinaryFlag, value), L10n.Setup.text(.fixBinaryFlag, key.name))
      }
    case .positiveInteger:
      guard let number = Int(value), number > 0 else {
        return issue(
          L10n.Setup.text(.notPositiveInteger, value),
          L10n.Setup.text(.fixPositiveInteger, key.name))
      }
    case .jsonObject:
      let object = try? JSONSerialization.jsonObject(with: Data(value.utf8))
      guard let dictionary = object as? [String: Any],
        dictionary.values.allSatisfy({ $0 is String })
      else {
        return issue(L10n.Setup.text(.notJSONObject), L10n.Setup.text(.fixJSONObject))
      }
    case .choice(let options):
      guard options.contains(value.lowercased()) else {
        let listed = options.joined(separator: ", ")
        return issue(
          L10n.Setup.text(.notOneOf, value, listed), L10n.Setup.text(.fixOneOf, key.name, listed))
      }
    case .text, .list:
      break
    }
    return nil
  }

  private static func pairingIssues(in configuration: Configuration) -> [ConfigurationIssue] {
    var issues: [ConfigurationIssue] = []
    let pairs: [(ConfigurationKey, ConfigurationKey)] = [(.supabaseURL, .supabaseAnonKey)]
    for (first, second) in pairs {
      for (present, missing) in [(first, second), (second, first)]
      where configuration.isSet(present) && !configuration.isSet(missing) {
        issues.append(
          ConfigurationIssue(
            key: missing.name, origin: nil,
            problem: L10n.Setup.text(.missingPair, present.name),
            fix: L10n.Setup.text(.fixMissingPair, missing.name, present.name)))
      }
    }
    if configuration.bool(.chatSyncEnabled) == true && !configuration.isSet(.supabaseURL) {
      issues.append(
        ConfigurationIssue(
          key: ConfigurationKey.chatSyncEnabled.name,
          origin: configuration.entry(.chatSyncEnabled)?.origin,
          problem: L10n.Setup.text(.syncNeedsSupabase, ConfigurationKey.supabaseURL.name),
          fix: L10n.Setup.text(.fixSyncNeedsSupabase, ConfigurationKey.supabaseURL.name)))
    }
    return issues
  }

  private static func isLocal(_ host: String) -> Bool {
    host == "localhost" || host == "127.0.0.1" || host == "::1" || host.hasSuffix(".local")
      || host.hasPrefix("10.") || host.hasPrefix("192.168.")
  }

  private static func closestKnownKey(to name: String) -> String? {
    let upper = name.uppercased()
    let names = ConfigurationKey.all.map(\.name)
    guard let best = upper.closestMatch(in: names, maximumDistance: 4) else { return nil }
    return upper.editDistance(to: best) <= max(2, best.count / 4) ? best : nil
  }
}
