import Backend
import Synchronization

/// A `Mailer` that keeps what it is given; can be made to fail.
final class RecordingMailer: Mailer {
  private let state = Mutex<(sent: [AuthMessage], fails: Bool)>(([], false))

  var sent: [AuthMessage] { state.withLock { $0.sent } }

  func failNextCalls(_ fails: Bool) { state.withLock { $0.fails = fails } }

  func send(_ message: AuthMessage) throws(MailerError) {
    try state.withLock { state throws(MailerError) in
      if state.fails { throw MailerError("refused by the test") }
      state.sent.append(message)
    }
  }

  /// The `token` query value of the last message's link.
  var lastToken: String? {
    guard let link = sent.last?.link, let query = link.split(separator: "?").last else {
      return nil
    }
    for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
      return String(pair.dropFirst("token=".count))
    }
    return nil
  }
}
