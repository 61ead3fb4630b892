import Foundation

/// Where `JWT_JWKS` says the trusted ES256/RS256 keys are: a JWK set file, read once at
/// start, or an http(s) URL, fetched and refetched when a token names an unknown `kid`.
public enum JWKSLocation: Sendable, Hashable, CustomStringConvertible {
  /// A JWK set file on this machine.
  case file(path: String)
  /// A JWK set served over HTTP or HTTPS.
  case url(URL)

  /// The location a `JWT_JWKS` value names: a value starting with `http://` or `https://`
  /// (in any case) is a URL and must have a host; anything else is a file path.
  /// - Throws: `JWKSError.invalidLocation` for an empty value or a URL without a host.
  public init(configurationValue value: String) throws(JWKSError) {
    let text = value.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw .invalidLocation("an empty value") }
    let lowered = text.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
      self = .file(path: text)
      return
    }
    guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
      throw .invalidLocation("a URL without a host")
    }
    self = .url(url)
  }

  /// The path or the URL's scheme, host and path (never its query, which may hold a key).
  public var description: String {
    switch self {
    case .file(let path): return path
    case .url(let url):
      var text = (url.scheme ?? "https") + "://" + (url.host ?? "")
      if let port = url.port { text += ":\(port)" }
      return text + url.path
    }
  }
}
