// StorageCrashProbe: writes into a Kiln database until it is killed, reporting on standard
// output every write the repository acknowledged. StorageTests' durability test runs it,
// kills it with SIGKILL mid-write, reopens the database and checks nothing acknowledged
// was lost.
//
//   StorageCrashProbe append <database>   appends messages: "ack <n>" after each
//   StorageCrashProbe stream <database>   streams one reply: "delta <n>" after each delta
//
// Identifiers and dates are derived from counters so the test can predict them.

import Core
import Foundation
import Storage
import Synchronization

/// The first line of both modes names the conversation.
let conversationID = UUID(sequence: 1)
let base = Date(timeIntervalSince1970: 1_780_315_200)

/// Writes one line to standard output and flushes it before the next write.
func report(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The text after `count` stream deltas: "w0 w1 w2 …".
func streamedText(deltas count: Int) -> String {
  (0..<count).map { "w\($0) " }.joined()
}

/// A clock that moves 50 ms per delta, so a 500 ms write interval means one write every ten
/// deltas however fast the machine is; its sleeps end only when cancelled.
final class DeltaClock: Sendable {
  private let step = Mutex(0)

  func advance() { step.withLock { $0 += 1 } }

  var appClock: AppClock {
    AppClock(
      now: { [self] in base.addingTimeInterval(Double(step.withLock { $0 }) * 0.05) },
      sleep: { _ in try await Task.sleep(for: .seconds(86_400)) })
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["append", "stream"].contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: StorageCrashProbe append|stream <database>\n".utf8))
  exit(2)
}

do {
  let database = try StorageDatabase(path: arguments[2], clock: .fixed(base))
  let conversations = SQLiteConversationRepository(
    database: database, clock: .fixed(base), uuid: .constant(conversationID))
  let messages = SQLiteMessageRepository(database: database)
  _ = try await conversations.create(title: "Crash probe", personaName: nil)
  report("ready")

  if arguments[1] == "append" {
    for n in 1...1_000_000 {
      _ = try await messages.append(
        MessageDTO(
          id: UUID(sequence: 1000 + n), conversationID: conversationID, role: .user,
          text: "message \(n)", createdAt: base.addingTimeInterval(Double(n) / 1000)))
      report("ack \(n)")
    }
  } else {
    let clock = DeltaClock()
    let placeholder = try await messages.append(
      MessageDTO(
        id: UUID(sequence: 2), conversationID: conversationID, role: .assistant, text: "",
        createdAt: base, status: .streaming))
    let writer = StreamingMessageWriter(
      repository: messages, message: placeholder, clock: clock.appClock)
    for n in 0..<200_000 {
      clock.advance()
      try await writer.append("w\(n) ")
      report("delta \(n + 1)")
    }
    try await writer.finish()
  }
  report("done")
} catch {
  FileHandle.standardError.write(Data("StorageCrashProbe: \(error)\n".utf8))
  exit(1)
}
