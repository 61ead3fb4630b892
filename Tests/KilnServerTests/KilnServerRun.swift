import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The real `kiln-server` binary, run as a child process.
struct KilnServerRun {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The binary built with the tests: beside the test bundle, or in `.build/debug`.
  static let path: String = {
    var candidates: [URL] = []
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(directory.appendingPathComponent("kiln-server"))
      directory = directory.deletingLastPathComponent()
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(package.appendingPathComponent(".build/debug/kiln-server"))
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return (found ?? candidates[candidates.count - 1]).path
  }()

  /// Runs to completion; returns status, standard output and standard error.
  static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws
    -> (status: Int32, output: String, error: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try ChildProcess.start(process)
    async let output = ChildProcess.readToEnd(stdout.fileHandleForReading)
    async let error = ChildProcess.readToEnd(stderr.fileHandleForReading)
    let (out, err) = await (output, error)
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  let process: Process
  let port: Int
  /// The line that names the address.
  let firstLine: String
  private let stdout: Pipe
  private let stderr: Pipe

  /// Starts a server and waits for the line that names its address; with
  /// `softOpenFileLimit` it starts with that soft open-file limit (through `sh`'s `ulimit`).
  init(
    _ arguments: [String], environment: [String: String] = [:], softOpenFileLimit: Int? = nil
  ) async throws {
    process = Process()
    if let softOpenFileLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -Sn \(softOpenFileLimit) && exec \"$0\" \"$@\"", Self.path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: Self.path)
      process.arguments = arguments
    }
    process.environment = environment
    stdout = Pipe()
    stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try ChildProcess.start(process)
    var text = ""
    while !text.contains("\n") {
      let data = await ChildProcess.readAvailable(stdout.fileHandleForReading)
      guard !data.isEmpty else { throw Failure(description: "exited before listening") }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let colon = text.split(separator: "\n")[0].lastIndex(of: ":"),
      let port = Int(text.split(separator: "\n")[0][text.index(after: colon)...])
    else { throw Failure(description: "no address in \(text)") }
    self.port = port
    firstLine = String(text.split(separator: "\n")[0])
  }

  /// Sends SIGTERM and returns the exit status.
  func terminate() async -> Int32 {
    await stop().status
  }

  /// Sends SIGTERM; returns the exit status and everything written to standard error.
  func stop() async -> (status: Int32, error: String) {
    process.terminate()
    let error = await ChildProcess.readToEnd(stderr.fileHandleForReading)
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: error, as: UTF8.self))
  }

  /// Sends SIGTERM and waits at most `seconds` for the exit; a server still running then is
  /// killed and `nil` returned, so a server that ignores SIGTERM fails the test, never
  /// hangs it.
  func stop(within seconds: Int) async -> Int32? {
    process.terminate()
    for _ in 0..<(seconds * 20) where process.isRunning {
      try? await Task.sleep(for: .milliseconds(50))
    }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Sends one request with `Connection: close` and returns the whole answer.
  func exchange(_ request: String) async throws -> String {
    let port = port
    return try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try Self.blockingExchange(request, port) }) }
        .start()
    }
  }

  private static func blockingExchange(_ request: String, _ port: Int) throws -> String {
    String(
      decoding: try loopbackSocketExchange(Array(request.utf8), port: port, timeoutSeconds: 15),
      as: UTF8.self)
  }
}
