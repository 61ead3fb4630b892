import AppComposition
import Core
import Foundation

/// Removes secrets from text `kiln` shows: everything `Redactor` recognises by its shape,
/// plus the exact values this run was configured with.
///
/// A provider that refuses a key often quotes it back ("Incorrect API key provided: …"). Keys
/// of OpenAI and OpenRouter have a shape `Redactor` knows, but a local server's token or a
/// relay's key can be any word, so the configured values themselves are removed as well.
struct SecretScrubber: Sendable {
  /// The configured secret values, longest first so one that contains another goes whole.
  let secrets: [String]
  /// The shape-based redaction (its patterns are compiled once, here).
  private let redactor = Redactor()

  /// Values shorter than this are not treated as secrets: removing every "abc" from every
  /// message would hide more than it protects.
  static let minimumLength = 6

  /// A scrubber that only knows the shapes (before the configuration is read).
  static let shapesOnly = SecretScrubber(secrets: [])

  init(secrets: [String]) {
    self.secrets = Set(secrets.filter { $0.count >= Self.minimumLength })
      .sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
  }

  /// The secret keys' values, and every value in the extra-header objects (they carry
  /// `Authorization` and `apikey` headers).
  init(configuration: Configuration) {
    var values: [String] = []
    for key in ConfigurationKey.all {
      guard let value = configuration.value(key) else { continue }
      if key.isSecret {
        values.append(value)
      } else if key.kind == .jsonObject {
        values += Self.stringValues(inJSONObject: value)
      }
    }
    self.init(secrets: values)
  }

  /// `text` with every known secret replaced by `Redactor.placeholder`.
  func scrub(_ text: String) -> String {
    var result = redactor.scrub(text)
    for secret in secrets {
      result = result.replacingOccurrences(of: secret, with: Redactor.placeholder)
      // A header value such as `Bearer abc…` also appears without its scheme.
      if let space = secret.lastIndex(of: " ") {
        let token = String(secret[secret.index(after: space)...])
        if token.count >= Self.minimumLength {
          result = result.replacingOccurrences(of: token, with: Redactor.placeholder)
        }
      }
    }
    return result
  }

  private static func stringValues(inJSONObject text: String) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let dictionary = object as? [String: Any]
    else { return [] }
    return dictionary.values.compactMap { $0 as? String }
  }
}
