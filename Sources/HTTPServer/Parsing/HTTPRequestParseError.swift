/// Why a request was refused by the parser; each case has the status the server answers.
///
/// After any of these the connection is closed: the parser cannot know where the next
/// message starts, and guessing is how requests are smuggled.
public enum HTTPRequestParseError: Error, Sendable, Hashable {
  /// The request line is not `method SP target SP version`.
  case malformedRequestLine
  /// The method is empty or has a character that is not a token character.
  case invalidMethod
  /// The target has a character outside visible ASCII, or a form its method cannot use.
  case invalidTarget
  /// The target is longer than the limit (414).
  case targetTooLong
  /// The version is not `HTTP/` digit `.` digit.
  case malformedVersion
  /// The major version is not 1 (505).
  case unsupportedVersion
  /// The head (or a trailer section) is larger than the limit (431).
  case headTooLarge
  /// A carriage return not followed by a line feed.
  case bareCarriageReturn
  /// A field line starts with whitespace (obsolete line folding, RFC 9112 §5.2).
  case obsoleteLineFolding
  /// Whitespace between a field name and the colon (RFC 9112 §5.1).
  case whitespaceBeforeColon
  /// A field line without a colon, or a name that is not a token.
  case invalidFieldName
  /// A field value with a control character.
  case invalidFieldValue
  /// An HTTP/1.1 request without `Host` (RFC 9112 §3.2).
  case missingHost
  /// More than one `Host` field.
  case multipleHosts
  /// A `Host` value that is not a host and optional port.
  case invalidHost
  /// Both `Content-Length` and `Transfer-Encoding` (RFC 9112 §6.3).
  case contentLengthWithTransferEncoding
  /// A `Content-Length` that is not one decimal number (including repeated values).
  case invalidContentLength
  /// A `Transfer-Encoding` whose final coding is not `chunked`, that applies `chunked` twice
  /// or with parameters, or that names no coding (RFC 9112 §6.3: the length is unknowable).
  case invalidTransferEncoding
  /// A `Transfer-Encoding` in an HTTP/1.0 request (RFC 9112 §6.1).
  case transferEncodingInHTTP10
  /// A transfer coding the server does not implement (501).
  case unsupportedTransferCoding
  /// A chunk-size line that is not hex digits with optional extensions.
  case malformedChunkSize
  /// Chunk data not followed by CRLF.
  case malformedChunkTerminator
  /// The body is larger than the limit (413); judged from `Content-Length` before reading.
  case bodyTooLarge
  /// An `Expect` other than `100-continue` (417).
  case unsupportedExpectation
  /// The body would take the request bodies held across the server past
  /// `HTTPServerConfiguration.maxBufferedBodyBytes` (503): refused before more of it is read.
  /// Not the request's fault, but like the others it ends the connection, since the rest of
  /// the body is not read.
  case bodyBudgetExhausted

  /// The status code the server answers with.
  public var status: Int {
    switch self {
    case .targetTooLong: 414
    case .unsupportedVersion: 505
    case .headTooLarge: 431
    case .unsupportedTransferCoding: 501
    case .bodyTooLarge: 413
    case .unsupportedExpectation: 417
    case .bodyBudgetExhausted: 503
    default: 400
    }
  }
}
