import Core
import Foundation
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
          origin: configuration.entry(.productCatalogue)?.origin, problem: error.description,
          fix:
            "write it as product_id=AMOUNT CURRENCY entries separated by commas, "
            + "e.g. monthly_plan=9.99 USD, annual_plan=79.99 USD")
      ])
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

  /// Warnings that do not stop Kiln: unknown keys in the file (with a suggestion), plain
  /// HTTP to a remote host, and asking for chat sync, which is not built yet.
  public static func warnings(in configuration: Configuration) -> [ConfigurationIssue] {
    var warnings: [ConfigurationIssue] = []
    for name in configuration.unknownFileKeys {
      let suggestion = closestKnownKey(to: name).map { "did you mean \($0)?" }
      warnings.append(
        ConfigurationIssue(
          key: name, origin: configuration.entries[name]?.origin,
          problem: "Kiln does not know this key, so it is ignored",
          fix: suggestion ?? "remove it, or see `kiln config` for the keys Kiln reads"))
    }
    for key in [ConfigurationKey.proxyBaseURL, .openAIBaseURL, .supabaseURL] {
      guard let url = configuration.url(key), url.scheme == "http", let host = url.host,
        !isLocal(host)
      else { continue }
      warnings.append(
        ConfigurationIssue(
          key: key.name, origin: configuration.entry(key)?.origin,
          problem: "uses plain http to \(host), so tokens and messages travel unencrypted",
          fix: "use an https URL"))
    }
    if configuration.bool(.chatSyncEnabled) == true {
      warnings.append(
        ConfigurationIssue(
          key: ConfigurationKey.chatSyncEnabled.name,
          origin: configuration.entry(.chatSyncEnabled)?.origin,
          problem: "chat sync is not built yet, so chats stay on this device",
          fix: "remove it for now; sync will read it when it arrives"))
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
        return issue(
          "'\(value)' is not an http or https URL with a host",
          "set \(key.name) to a full URL such as https://example.com/path, or remove it")
      }
    case .path:
      guard value.hasPrefix("/"), !value.contains(" ") else {
        return issue(
          "'\(value)' must be a URL path starting with '/'", "set \(key.name) = /\(value)")
      }
    case .boolean:
      guard boolean(value) != nil else {
        return issue("'\(value)' is not true or false", "set \(key.name) = true or false")
      }
    case .binaryFlag:
      guard value == "0" || value == "1" else {
        return issue(
          "'\(value)' must be 0 or 1", "set \(key.name) = 0 (real services) or 1 (mocks)")
      }
    case .positiveInteger:
      guard let number = Int(value), number > 0 else {
        return issue(
          "'\(value)' is not a whole number above zero", "set \(key.name) = 10, for example")
      }
    case .jsonObject:
      let object = try? JSONSerialization.jsonObject(with: Data(value.utf8))
      guard let dictionary = object as? [String: Any],
        dictionary.values.allSatisfy({ $0 is String })
      else {
        return issue(
          "is not a JSON object of strings",
          #"write it as {"Header-Name": "value"} on one line"#)
      }
    case .choice(let options):
      guard options.contains(value.lowercased()) else {
        return issue(
          "'\(value)' is not one of \(options.joined(separator: ", "))",
          "set \(key.name) to one of \(options.joined(separator: ", "))")
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
            problem: "is missing while \(present.name) is set; accounts need both",
            fix:
              "set \(missing.name) from your Supabase project's API settings, or remove \(present.name)"
          ))
      }
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
