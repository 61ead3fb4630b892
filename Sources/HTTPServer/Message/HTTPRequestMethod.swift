/// A request method: any token the client sends, with constants for the registered ones.
///
/// Open rather than an enum so an extension method (`PROPFIND`, `QUERY`) parses and reaches
/// the router, which answers 405 or 501 as it sees fit. Methods are case-sensitive.
public struct HTTPRequestMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The method token exactly as received.
  public var rawValue: String

  /// A method from its token.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `GET`.
  public static let get = HTTPRequestMethod(rawValue: "GET")
  /// `HEAD`: answered like `GET` without a body.
  public static let head = HTTPRequestMethod(rawValue: "HEAD")
  /// `POST`.
  public static let post = HTTPRequestMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPRequestMethod(rawValue: "PUT")
  /// `PATCH`.
  public static let patch = HTTPRequestMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPRequestMethod(rawValue: "DELETE")
  /// `OPTIONS`: the only method that may use the asterisk-form target `*`.
  public static let options = HTTPRequestMethod(rawValue: "OPTIONS")
  /// `CONNECT`: the only method that uses the authority-form target.
  public static let connect = HTTPRequestMethod(rawValue: "CONNECT")
  /// `TRACE`.
  public static let trace = HTTPRequestMethod(rawValue: "TRACE")

  /// The method token.
  public var description: String { rawValue }
}
