import Core

extension AppError {
  /// `message` followed by the transport's own words in parentheses ("Could not connect to
  /// the server."), when this is a network error that carries them and `message` does not
  /// already say them; they tell more than the generic sentence.
  func withTransportDetail(_ message: String) -> String {
    guard case .network(_, let detail?) = self, !detail.isEmpty, !message.contains(detail) else {
      return message
    }
    return message + " (\(detail))"
  }
}
