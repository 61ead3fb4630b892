import Backend
import Foundation

/// Parsers for the proxy keys' values; each throws `ValueProblem` and the resolver names the
/// key, its origin and what was expected.
extension ProxySettings {
  static func jwksLocation(_ value: String) throws(ValueProblem) -> JWKSLocation {
    let location: JWKSLocation
    do {
      location = try JWKSLocation(configurationValue: value)
    } catch {
      throw ValueProblem(reason: error.description)
    }
    if case .file(let path) = location {
      // Read at start: a file that cannot be used stops the server now, not at the first
      // token.
      do {
        _ = try JWKSLoader.readFile(path: path)
      } catch {
        throw ValueProblem(reason: error.description)
      }
    }
    return location
  }

  /// Comma-separated ids: each trimmed, non-empty, without whitespace, none twice.
  static func modelList(_ value: String) throws(ValueProblem) -> [String] {
    let models = value.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !models.contains(where: \.isEmpty) else {
      throw ValueProblem(reason: "an entry is empty")
    }
    guard !models.contains(where: { $0.contains(where: \.isWhitespace) }) else {
      throw ValueProblem(reason: "a model id holds whitespace")
    }
    guard Set(models).count == models.count else {
      throw ValueProblem(reason: "a model id is listed twice")
    }
    return models
  }

  /// An http or https URL with a host.
  static func httpURL(_ value: String) throws(ValueProblem) -> URL {
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { throw ValueProblem(reason: nil) }
    return url
  }

  /// A `postgres://` or `postgresql://` URL with a host.
  static func postgresURL(_ value: String) throws(ValueProblem) -> String {
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "postgres" || scheme == "postgresql", url.host?.isEmpty == false
    else { throw ValueProblem(reason: nil) }
    return value
  }

  /// `N/DURATION` (decision 29): N from 1 to 1,000,000,000, the duration as `N[s|m|h|d]`.
  static func parseRateLimit(_ value: String) throws(ValueProblem) -> RateLimit {
    let parts = value.split(separator: "/", omittingEmptySubsequences: false)
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    guard parts.count == 2, parts[0].allSatisfy(\.isASCII), let count = Int(parts[0]),
      (1...1_000_000_000).contains(count), let unit = parts[1].last,
      let multiplier = units[unit]
    else { throw ValueProblem(reason: nil) }
    let digits = parts[1].dropLast()
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let amount = Int(digits),
      (1...(365 * 86_400)).contains(amount),
      let limit = RateLimit(count: count, period: Double(amount) * multiplier)
    else { throw ValueProblem(reason: nil) }
    return limit
  }
}

/// Why a value cannot be used: `nil` when "must be …" says it all.
struct ValueProblem: Error {
  var reason: String?
}

extension ServerSettings.Resolver {
  /// The value of `key` read by `parse`, or `nil` when it is unset or empty (then
  /// `defaultText` is what `config` shows).
  mutating func parsed<Value>(
    _ key: SettingKey, expected: String, defaultText: String? = nil,
    _ parse: (String) throws(ValueProblem) -> Value
  ) throws(ServerConfigurationError) -> Value? {
    guard let entry = raw[key.name], !entry.value.isEmpty else {
      shown.append((key, defaultText, .defaultValue(nil)))
      return nil
    }
    do {
      let value = try parse(entry.value)
      shown.append((key, entry.value, entry.origin))
      return value
    } catch {
      let detail = error.reason.map { ": \($0)" } ?? ""
      throw ServerConfigurationError(
        key: key.name, message: "\(key.name) (\(entry.origin)) must be \(expected)\(detail)")
    }
  }

  /// A mistake in `key`'s value that only other keys reveal.
  func failure(_ key: SettingKey, _ expected: String) -> ServerConfigurationError {
    let origin = raw[key.name]?.origin ?? .defaultValue(nil)
    return ServerConfigurationError(
      key: key.name, message: "\(key.name) (\(origin)) must be \(expected)")
  }
}
