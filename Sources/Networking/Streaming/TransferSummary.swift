/// How an exchange ended, for the client's log line.
struct TransferSummary: Sendable {
  /// Body bytes received.
  var bytes: Int
  /// Why it ended early, or `nil` when the body arrived whole.
  var error: HTTPError?
}
