import Foundation

/// Reads configuration values with the placeholder rule: a value that is empty, contains
/// `YOUR`, or contains `placeholder` in any case counts as unset.
struct ConfigurationValues {
  private let values: [String: String]

  init(_ values: [String: String]) {
    self.values = values
  }

  /// The trimmed value for `key`, or `nil` when it is unset or a placeholder.
  subscript(key: String) -> String? {
    guard let value = raw(key), !Self.isPlaceholder(value) else { return nil }
    return value
  }

  /// The trimmed value for `key`, placeholder or not; `nil` when unset or blank.
  func raw(_ key: String) -> String? {
    guard let value = values[key]?.trimmingWhitespace(), !value.isEmpty else { return nil }
    return value
  }

  /// Whether `key` is set to a placeholder.
  func wasPlaceholder(_ key: String) -> Bool {
    raw(key).map(Self.isPlaceholder) ?? false
  }

  /// Whether `value` is a template placeholder rather than a real value.
  static func isPlaceholder(_ value: String) -> Bool {
    value.contains("YOUR") || value.range(of: "placeholder", options: .caseInsensitive) != nil
  }

  /// An absolute http or https URL with a host, or `nil`.
  static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// Parses a JSON object of string values, such as `PROXY_DEFAULT_HEADERS`.
  /// - Throws: `AIConfigurationError` naming `key` when the value is not such an object.
  func headers(_ key: String) throws(AIConfigurationError) -> [String: String] {
    guard let text = self[key] else { return [:] }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    } catch {
      throw AIConfigurationError(key: key, problem: .notJSON)
    }
    guard let dictionary = object as? [String: Any] else {
      throw AIConfigurationError(key: key, problem: .notHeaderObject)
    }
    var headers: [String: String] = [:]
    for (name, value) in dictionary {
      guard let string = value as? String else {
        throw AIConfigurationError(key: key, problem: .headerValueNotString(name: name))
      }
      guard Self.isHeaderName(name) else {
        throw AIConfigurationError(key: key, problem: .invalidHeaderName(name: name))
      }
      headers[name] = string
    }
    return headers
  }

  /// Whether `name` is an HTTP field name (RFC 9110 token characters).
  private static func isHeaderName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar)
            || "!#$%&'*+-.^_`|~".unicodeScalars
              .contains(scalar))
      }
  }
}
