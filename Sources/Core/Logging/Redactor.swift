import Foundation

/// Removes secrets from text before it is logged: bearer tokens, JWTs, API keys, values of
/// secret-named fields (`password`, `refresh_token`, `apikey`, …) and e-mail addresses.
///
/// Scrubbing runs on every message a logger accepts, so a secret that slips into an error
/// description or a URL is still never written. It is deliberately greedy: a false positive
/// costs a little log detail, a false negative leaks a credential.
public struct Redactor: Sendable {
  /// The text that replaces a secret.
  public static let placeholder = "[REDACTED]"

  private struct Rule: Sendable {
    let expression: NSRegularExpression
    let template: String
  }

  private let rules: [Rule]

  /// A redactor with the standard rules.
  public init() {
    let secretFields =
      "password|passwd|secret|client_secret|api[_-]?key|apikey|access_token|refresh_token"
      + "|id_token|token|authorization|x-api-key|anon[_-]?key|service[_-]?role[_-]?key"
    let patterns: [(String, String)] = [
      // `"refresh_token":"abc"`, `password=abc`, `apikey: abc` (JSON, query strings, headers);
      // a value that is already the placeholder is left alone.
      (
        #"(?i)(["']?\b(?:"# + secretFields
          + #")\b["']?\s*[:=]\s*["']?)(?!Bearer\b)(?!"#
          + NSRegularExpression.escapedPattern(for: Self.placeholder) + #")[^"'\s&,;}\]]+"#,
        "$1" + Self.placeholder
      ),
      // `Bearer <token>` in any casing.
      (#"(?i)\b(bearer)\s+[A-Za-z0-9._~+/=-]+"#, "$1 " + Self.placeholder),
      // JSON Web Tokens: base64url JSON header `eyJ…` with at least one more segment.
      (#"\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?"#, Self.placeholder),
      // OpenRouter (`sk-or-…`), OpenAI (`sk-…`, `sk-proj-…`) and similar provider keys.
      (#"\bsk-or-[A-Za-z0-9_-]+"#, Self.placeholder),
      (#"\bsk-[A-Za-z0-9_-]{6,}"#, Self.placeholder),
      // RevenueCat public and secret keys.
      (#"\b(?:appl|goog|amzn|rcb|strp|sk)_[A-Za-z0-9]{10,}"#, Self.placeholder),
      // E-mail addresses.
      (#"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#, Self.placeholder),
    ]
    self.rules = patterns.compactMap { pattern, template in
      // The patterns are constants; one that failed to compile would be a programming error
      // caught by the redaction tests, so it is skipped rather than crashing a release build.
      (try? NSRegularExpression(pattern: pattern)).map { Rule(expression: $0, template: template) }
    }
  }

  /// The number of rules that compiled; the tests pin it to catch a broken pattern.
  public var ruleCount: Int { rules.count }

  /// Returns `text` with every secret replaced by `Redactor.placeholder`.
  public func scrub(_ text: String) -> String {
    var result = text
    for rule in rules {
      let range = NSRange(result.startIndex..<result.endIndex, in: result)
      result = rule.expression.stringByReplacingMatches(
        in: result, range: range, withTemplate: rule.template)
    }
    return result
  }
}
