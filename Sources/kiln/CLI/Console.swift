import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input, output and error, and what kind of files they are.
///
/// Results go to standard output, messages and errors to standard error, so
/// `kiln ask "…" > reply.txt` captures only the reply. Writes never throw: a closed pipe
/// just stops the output.
struct Console: Sendable {
  /// Writes bytes to a file descriptor, or collects them (tests); false when the reader has
  /// gone (`kiln ask … | head -1`), so a streamed reply can stop instead of running on.
  let writeOutput: @Sendable (String) -> Bool
  let writeError: @Sendable (String) -> Void
  let readAllInput: @Sendable () -> Data
  /// Reads standard input to its end or until `limit` bytes have arrived, whichever is first,
  /// so an endless pipe costs at most `limit` bytes of memory.
  let readInputPrefix: @Sendable (_ limit: Int) -> Data
  let readInputLine: @Sendable () -> String?
  let inputIsTerminal: Bool
  let outputIsTerminal: Bool

  /// Writes `text` to standard output; false when nobody reads it any more.
  @discardableResult
  func output(_ text: String) -> Bool { writeOutput(text) }
  func error(_ text: String) { writeError(text) }

  /// The process's own standard streams.
  static let standard = Console(
    writeOutput: { FileDescriptorOutput.writeAll($0, to: STDOUT_FILENO) },
    writeError: { FileDescriptorOutput.writeAll($0, to: STDERR_FILENO) },
    readAllInput: { FileHandle.standardInput.readDataToEndOfFile() },
    readInputPrefix: { limit in
      var data = Data()
      while data.count < limit {
        let piece = (try? FileHandle.standardInput.read(upToCount: limit - data.count)) ?? nil
        guard let piece, !piece.isEmpty else { break }
        data.append(piece)
      }
      return data
    },
    readInputLine: { readLine(strippingNewline: true) },
    inputIsTerminal: isatty(STDIN_FILENO) == 1,
    outputIsTerminal: isatty(STDOUT_FILENO) == 1)
}
