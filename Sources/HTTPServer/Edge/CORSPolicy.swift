/// Which browser origins may call the server, and what their preflights are told
/// (decision 25: `CORS_ORIGINS`, none by default).
///
/// Origins are exact (`https://app.example.com`, `http://localhost:3000`), compared
/// without regard to ASCII case, or `*` for any. The answer always names the request's own
/// origin (with `Vary: Origin`), never `*`, and never allows credentials: Supabase and
/// OpenAI browser clients authenticate with headers, not cookies.
public struct CORSPolicy: Sendable, Hashable {
  /// The allowed origins, lower-cased; empty when `allowsAnyOrigin`.
  public let origins: Set<String>
  /// Whether `*` was configured.
  public let allowsAnyOrigin: Bool

  /// The methods a preflight may ask for.
  public static let allowedMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
  /// The request headers a preflight may ask for: what supabase-js (auth, PostgREST) and
  /// the OpenAI client send, lower-cased.
  public static let allowedHeaders: Set<String> = [
    "authorization", "apikey", "content-type", "x-client-info", "x-supabase-api-version",
    "accept-profile", "content-profile", "prefer", "range", "accept", "x-request-id",
    "openai-organization", "openai-project", "openai-beta",
  ]
  /// A prefix of request headers also allowed: the OpenAI SDK's `x-stainless-*`.
  public static let allowedHeaderPrefix = "x-stainless-"
  /// The response headers browser clients read.
  public static let exposedHeaders = [
    "X-Free-Messages-Remaining", "Retry-After", "X-Total-Count", "Link", "Content-Range",
    "X-Request-Id", "X-Supabase-Api-Version", "X-Sb-Error-Code", "Content-Location",
  ]
  /// How long a browser may cache a preflight's answer, in seconds (Chromium's cap).
  public static let maxAgeSeconds = 7200

  /// Why a `CORS_ORIGINS` value was refused: the entry that is not an origin.
  public struct ParseError: Error, Hashable {
    /// The entry as written, trimmed.
    public var entry: String

    /// The error for `entry`.
    public init(entry: String) {
      self.entry = entry
    }
  }

  /// Parses a comma-separated list of origins (`scheme://host[:port]`, no path) or `*`.
  /// - Throws: `ParseError` naming the first entry that is not an origin; a list with no
  ///   origin at all is refused as an empty entry.
  public init(parsing text: String) throws(ParseError) {
    var origins: Set<String> = []
    var any = false
    for part in text.split(separator: ",") {
      let entry = part.trimmingOptionalWhitespace()
      if entry.isEmpty { continue }
      if entry == "*" {
        any = true
        continue
      }
      guard Self.isOrigin(entry) else { throw ParseError(entry: String(entry)) }
      origins.insert(entry.lowercased())
    }
    guard any || !origins.isEmpty else { throw ParseError(entry: "") }
    self.origins = any ? [] : origins
    allowsAnyOrigin = any
  }

  /// Whether a request's `Origin` value may call the server.
  public func allows(origin: String) -> Bool {
    allowsAnyOrigin || origins.contains(origin.lowercased())
  }

  /// `scheme "://" host [ ":" port ]`, as a browser serializes an origin (RFC 6454 §6.2).
  static func isOrigin(_ text: Substring) -> Bool {
    guard let separator = text.range(of: "://") else { return false }
    let scheme = text[..<separator.lowerBound]
    var authority = text[separator.upperBound...]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
      !authority.isEmpty
    else { return false }
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      let port = authority[authority.index(after: colon)...]
      guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(port), number <= 65_535
      else { return false }
      authority = authority[..<colon]
    }
    if authority.hasPrefix("[") {
      return authority.hasSuffix("]") && IPAddress(authority.dropFirst().dropLast()) != nil
    }
    return !authority.isEmpty
      && authority.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }
  }

  /// The requested headers (`Access-Control-Request-Headers` elements) this policy allows,
  /// lower-cased, in the order asked.
  public static func allowed(requestedHeaders: [String]) -> [String] {
    requestedHeaders.map { $0.lowercased() }.filter {
      allowedHeaders.contains($0) || ($0.hasPrefix(allowedHeaderPrefix) && $0.count < 64)
    }
  }
}
