import FeatureChat
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the reply `kiln ask` is streaming when SIGINT, SIGTERM or SIGHUP arrives, and
/// remembers which signal did, so the command can say so and exit with its status.
///
/// Without this the signal's default action ended the process at once: no message, and the
/// stored reply was whatever the last periodic write had saved, shorter than what was
/// printed. Stopping goes through `stopButtonTapped()`, which stores the reply's text with
/// status `cancelled` before `send` returns.
@MainActor
final class SignalStop {
  /// The first signal that arrived, if any.
  private(set) var received: Int32?
  private var task: Task<Void, Never>?

  init(chat: ChatViewModel) {
    let signals = SignalEvents.stream([SIGINT, SIGTERM, SIGHUP])
    task = Task { @MainActor [weak self] in
      for await signal in signals {
        guard let self else { return }
        if self.received == nil { self.received = signal }
        chat.stopButtonTapped()
      }
    }
  }

  /// Stops watching.
  func cancel() {
    task?.cancel()
    task = nil
  }

  /// The signal's usual name: `SIGINT`, `SIGTERM`, `SIGHUP`.
  static func name(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    default: return "signal \(signal)"
    }
  }
}
