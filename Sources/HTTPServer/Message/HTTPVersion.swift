/// The protocol version of a request line (`HTTP/1.1`): one digit, a dot, one digit.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
  /// The major version; the parser accepts only 1.
  public var major: Int
  /// The minor version; 0 and 1 change persistence, higher minors behave as 1.1.
  public var minor: Int

  /// A version from its two digits.
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// HTTP/1.0: connections close unless the client asks for keep-alive.
  public static let http10 = HTTPVersion(major: 1, minor: 0)
  /// HTTP/1.1: connections persist unless either side says `close`.
  public static let http11 = HTTPVersion(major: 1, minor: 1)

  /// The version as it appears on the wire, `HTTP/1.1`.
  public var description: String { "HTTP/\(major).\(minor)" }

  /// Whether this version has HTTP/1.1's defaults (persistence, `Host` required, chunked).
  public var isAtLeastHTTP11: Bool { major > 1 || (major == 1 && minor >= 1) }
}
