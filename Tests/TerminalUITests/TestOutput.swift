import Synchronization
import TerminalUI

/// Output that records what was written, for tests.
final class RecordingOutput: TerminalOutput {
  private let buffer = Mutex("")

  var text: String { buffer.withLock { $0 } }

  @discardableResult
  func write(_ text: String) -> Bool {
    buffer.withLock { $0 += text }
    return true
  }
}
