/// Why a JWK set could not be read or fetched. Messages name the location's kind and the
/// problem, never key material or a URL's query.
public enum JWKSError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `JWT_JWKS` is neither a file path nor an http(s) URL with a host.
  case invalidLocation(String)
  /// The file cannot be read.
  case unreadableFile(path: String)
  /// The set is larger than the limit, in bytes.
  case tooLarge(limit: Int)
  /// The text is not a JWK set (strict JSON, a `keys` array, no repeated `kid`).
  case malformed(String)
  /// The set holds no key Kiln can verify with (ES256 on P-256, or RS256), so it is refused
  /// rather than allowed to remove every trusted key.
  case noUsableKeys
  /// The URL could not be fetched: a transport failure or a non-2xx status.
  case fetchFailed(String)

  /// A sentence for logs and operators; never holds a key, a secret or a URL's query.
  public var description: String {
    switch self {
    case .invalidLocation(let reason): "JWT_JWKS is not a file path or an http(s) URL: \(reason)"
    case .unreadableFile(let path): "the JWK set file \(path) cannot be read"
    case .tooLarge(let limit): "the JWK set is larger than \(limit) bytes"
    case .malformed(let reason): "the JWK set is malformed: \(reason)"
    case .noUsableKeys: "the JWK set holds no ES256 (P-256) or RS256 key with a kid"
    case .fetchFailed(let reason): "the JWK set cannot be fetched: \(reason)"
    }
  }
}
