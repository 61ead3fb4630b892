import JOSE

/// A refusal in the proxy contract's shape (decision 5):
/// `{"error":{"code":"…","message":"…"}}` with its status and, for 429 and 503, a
/// `Retry-After`.
public struct APIError: Error, Sendable, Hashable {
  /// The HTTP status.
  public var status: Int
  /// The machine-readable code (`unauthorized`, `free_quota_exhausted`, …).
  public var code: String
  /// A sentence for people; never contains a token, key or message content.
  public var message: String
  /// Seconds until a retry can succeed, sent as `Retry-After` (rounded up).
  public var retryAfter: Double?
  /// Extra header fields (for example `X-Free-Messages-Remaining: 0`).
  public var headers: [HeaderField]

  /// One header field.
  public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A refusal with every part given.
  public init(
    status: Int, code: String, message: String, retryAfter: Double? = nil,
    headers: [HeaderField] = []
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.retryAfter = retryAfter
    self.headers = headers
  }

  /// The refusal as a response.
  public var response: BackendResponse {
    var fields = headers.map { (name: $0.name, value: $0.value) }
    if let retryAfter {
      let seconds = max(1, Int(retryAfter.rounded(.up)))
      fields.append((name: "Retry-After", value: String(seconds)))
    }
    let body =
      "{\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
    return .json(status: status, Array(body.utf8), headers: fields)
  }
}
