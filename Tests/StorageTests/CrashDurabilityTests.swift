import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `StorageCrashProbe` in a child process, kills it with SIGKILL while it writes, and
/// checks the database it leaves behind.
@Suite struct CrashDurabilityTests {
  private static let conversationID = UUID(sequence: 1)

  /// The probe executable, built next to the test bundle in `.build/<config>/`.
  private static func probeURL() throws -> URL {
    let candidates = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
      URL(fileURLWithPath: CommandLine.arguments[0]),
    ].map { $0.deletingLastPathComponent() }
    for folder in candidates {
      // On Apple platforms the test binary sits inside `X.xctest/Contents/MacOS/`.
      for up in 0...3 {
        var directory = folder
        for _ in 0..<up { directory = directory.deletingLastPathComponent() }
        let probe = directory.appendingPathComponent("StorageCrashProbe")
        if FileManager.default.isExecutableFile(atPath: probe.path) { return probe }
      }
    }
    throw StorageError.notFound("StorageCrashProbe next to \(candidates.map(\.path))")
  }

  /// Starts the probe, reads lines until `stop` says so, kills it, and returns the lines.
  private static func runAndKill(
    mode: String, database: String, stop: (String) -> Bool
  ) throws -> [String] {
    let process = Process()
    process.executableURL = try probeURL()
    process.arguments = [mode, database]
    let output = Pipe()
    process.standardOutput = output
    try ChildProcess.start(process)
    var lines: [String] = []
    var pending = Data()
    reading: while true {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }  // The probe exited on its own: the test will fail below.
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        lines.append(line)
        if stop(line) { break reading }
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
    return lines
  }

  @Test func everyAcknowledgedAppendSurvivesSIGKILL() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("crash.sqlite").path
      let lines = try Self.runAndKill(mode: "append", database: path) { $0 == "ack 300" }
      let acknowledged = lines.compactMap { line -> Int? in
        line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
      }
      #expect(acknowledged.count == 300)

      let database = try StorageDatabase(path: path, clock: .fixed(Fixture.referenceDate))
      let integrity = try await database.read {
        try $0.first("PRAGMA integrity_check") { $0.string(0) }
      }
      #expect(integrity == "ok")
      let messages = SQLiteMessageRepository(database: database)
      let stored = Set(
        try await messages.allMessages(conversationID: Self.conversationID).map(\.id))
      for n in acknowledged {
        #expect(stored.contains(UUID(sequence: 1000 + n)), "acknowledged message \(n) was lost")
      }
      await database.close()
    }
  }

  @Test func aStreamedReplyLosesAtMostTheLastHalfSecond() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("crash.sqlite").path
      let killAfter = 437
      let lines = try Self.runAndKill(mode: "stream", database: path) {
        $0 == "delta \(killAfter)"
      }
      #expect(lines.last == "delta \(killAfter)")

      let database = try StorageDatabase(path: path, clock: .fixed(Fixture.referenceDate))
      let messages = SQLiteMessageRepository(database: database)
      let reply = try #require(try await messages.message(id: UUID(sequence: 2)))
      // The stored text is a whole snapshot: exactly the first `stored` deltas.
      let stored = reply.text.split(separator: " ").count
      #expect(reply.text == (0..<stored).map { "w\($0) " }.joined())
      // Deltas are 50 ms apart on the probe's clock, so 500 ms is ten deltas: everything
      // up to ten deltas before the last one the probe reported must be on disk.
      #expect(stored >= killAfter - 10, "stored \(stored) of \(killAfter) deltas")
      #expect(reply.status == .streaming)
      #expect(try await messages.markInterruptedMessages() == 1)
      #expect(try await messages.message(id: UUID(sequence: 2))?.status == .failed)
      await database.close()
    }
  }
}
