/// The sizes past which the parser refuses a request, each with its own status.
public struct HTTPParserLimits: Sendable, Hashable {
  /// The largest head (request line, fields, line ends, leading empty lines) and the
  /// largest trailer section; beyond it, 431.
  public var maxHeadBytes: Int
  /// The longest request target; beyond it, 414.
  public var maxTargetBytes: Int
  /// The largest body; beyond it, 413, judged from `Content-Length` before any body byte
  /// is read, and from each chunk size before its data.
  public var maxBodyBytes: Int
  /// The longest chunk-size line with its extensions; beyond it, 400.
  public var maxChunkLineBytes: Int

  /// Limits with RFC-friendly defaults: 64 KiB head, 8 KiB target, 16 MiB body.
  public init(
    maxHeadBytes: Int = 64 * 1024, maxTargetBytes: Int = 8 * 1024,
    maxBodyBytes: Int = 16 * 1024 * 1024, maxChunkLineBytes: Int = 4 * 1024
  ) {
    self.maxHeadBytes = maxHeadBytes
    self.maxTargetBytes = maxTargetBytes
    self.maxBodyBytes = maxBodyBytes
    self.maxChunkLineBytes = maxChunkLineBytes
  }
}

/// What the parser has found, in order: for every request a head, then the whole request.
public enum HTTPParserEvent: Sendable, Hashable {
  /// A complete head; the body (if any) has not necessarily arrived. The server answers
  /// `100 Continue` here when the client expects it.
  case head(HTTPRequestHead)
  /// A complete request with its body and trailers.
  case request(HTTPServerRequest)
}
