import Foundation
import Networking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `kiln` binary whose reader stops reading (`kiln ask … | head -1`): the reply is
/// stopped and kiln exits 0 at once, instead of streaming to nobody until the provider ends.
@Suite struct ClosedOutputTests {
  private typealias Events = InteractiveProviderTests

  /// Starts kiln with its output on a pipe, waits for `first` to arrive, closes the reading
  /// end, lets the provider go on, and returns kiln's exit status (nil if it never ends).
  private static func runUntilTheReaderLeaves(
    _ arguments: [String], input: String, server: LoopbackHTTPServer, gate: LoopbackGate,
    first: String
  ) async throws -> Int32? {
    let home = try ChatTestHome()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ChatTestHome.kilnPath)
    process.arguments = arguments
    process.environment = home.environment(KilnOutput.provider(server))
    let stdin = Pipe()
    let stdout = try Self.privatePipe()
    process.standardInput = stdin
    process.standardOutput = stdout.writing
    let stderr = Pipe()
    process.standardError = stderr
    try ChildProcess.start(process)
    // Only kiln may hold the writing end, so closing the reading end is felt at once.
    try stdout.writing.close()
    defer { if process.isRunning { process.terminate() } }
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try stdin.fileHandleForWriting.close()

    var received = ""
    while !received.contains(first) {
      let data = await ChildProcess.readAvailable(stdout.reading)
      if data.isEmpty { break }
      received += String(decoding: data, as: UTF8.self)
    }
    #expect(
      received.contains(first),
      "\(String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self))")
    try stdout.reading.close()
    gate.open()

    let deadline = Date().addingTimeInterval(15)
    while process.isRunning, Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// A pipe whose ends are closed on `exec`: other tests start child processes at the same
  /// time, and a child that inherited the reading end would keep the pipe open after the
  /// test closed its own, so kiln would never see its reader leave.
  private static func privatePipe() throws -> (reading: FileHandle, writing: FileHandle) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
    // The window between pipe() and fcntl() is a few instructions; glibc's pipe2 is not
    // visible to Swift.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (
      FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
      FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    )
  }

  @Test func askStopsTheReplyWhenTheReaderLeaves() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let gate = LoopbackGate("after the reader left")
      server.enqueue(
        .eventStream([Events.content("first line"), .gate(gate), Events.content("more"), .stall]),
        method: .post, path: "/v1/chat/completions")
      let status = try await Self.runUntilTheReaderLeaves(
        ["ask", "hi"], input: "", server: server, gate: gate, first: "first line")
      #expect(status == 0, "kiln ended with \(String(describing: status))")
    }
  }

  @Test func theChatAsksNothingMoreOnceTheReaderLeaves() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let gate = LoopbackGate("after the reader left")
      server.enqueue(
        .eventStream([Events.content("first line"), .gate(gate), Events.content("more"), .stall]),
        method: .post, path: "/v1/chat/completions")
      // No second answer is scripted: a second request would be reported as unexpected.
      let status = try await Self.runUntilTheReaderLeaves(
        [], input: "one\ntwo\n", server: server, gate: gate, first: "first line")
      #expect(status == 0, "kiln ended with \(String(describing: status))")
      #expect(server.requests.count == 1, "the second question was not sent to nobody")
    }
  }
}
