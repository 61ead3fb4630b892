import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh home for one test's `kiln` runs: its own data folder and config folder under a
/// temporary directory (removed when the value goes away), an environment with no provider
/// set, and the path of the real `kiln` binary built beside the tests.
final class ChatTestHome: Sendable {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-chat-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// The data folder (`KILN_HOME`).
  var dataDirectory: URL { root.appendingPathComponent("data") }

  /// The environment for `kiln`: this home, a UTF-8 xterm, no provider, plus `extra`.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var variables = [
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "HOME": root.path,
      "KILN_HOME": dataDirectory.path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("share").path,
      "TERM": "xterm-256color",
      "LANG": "C.UTF-8",
    ]
    for (key, value) in extra { variables[key] = value }
    return variables
  }

  /// Starts `kiln` on a pseudo-terminal.
  func startOnTerminal(
    _ arguments: [String] = [], environment extra: [String: String] = [:], columns: Int = 100,
    rows: Int = 30
  ) throws -> PseudoTerminalProcess {
    try PseudoTerminalProcess(
      executable: Self.kilnPath, arguments: arguments, environment: environment(extra),
      columns: columns, rows: rows)
  }

  /// Runs `kiln` with pipes on both ends, feeding `input`; returns its exit status and
  /// what it wrote to standard output and standard error. `launcher` (such as `setpriv` and
  /// its options) runs `kiln` through another program.
  func runWithPipes(
    _ arguments: [String] = [], input: String, environment extra: [String: String] = [:],
    launcher: [String] = []
  ) async throws -> (status: Int32, output: String, error: String) {
    // Tests run in parallel and each may start several short runs: at most two at a time,
    // so a burst of debug binaries starting together does not starve the loopback servers
    // and timing-sensitive tests of the other suites on a 2-core machine.
    await Self.runSlots.acquire()
    defer { Task { await Self.runSlots.release() } }
    let process = Process()
    let command = launcher + [Self.kilnPath] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment(extra)
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    _ = Self.ignoringBrokenPipes
    try ChildProcess.start(process)
    // A kiln that exits without reading its input closes the pipe: that is its business, not
    // a failure of the test (and with SIGPIPE ignored the write just fails).
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    // Read both pipes to the end on their own threads so neither can fill up and block.
    async let output = ChildProcess.readToEnd(stdout.fileHandleForReading)
    async let error = ChildProcess.readToEnd(stderr.fileHandleForReading)
    let (out, err) = await (output, error)
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  /// Writing to a child that has gone must fail, not end the whole test process.
  private static let ignoringBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// The `kiln` executable built with the tests: beside the test bundle, or in the
  /// package's `.build/debug`.
  static let kilnPath: String = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(directory.appendingPathComponent("kiln"))
      directory = directory.deletingLastPathComponent()
    }
    candidates.append(
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kiln"))
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(package.appendingPathComponent(".build/debug/kiln"))
    let found = candidates.first {
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: $0.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && fileManager.isExecutableFile(atPath: $0.path)
    }
    return (found ?? candidates[candidates.count - 1]).path
  }()
}

extension ChatTestHome {
  /// Limits how many piped `kiln` runs the whole test process starts at once.
  static let runSlots = ProcessSlots(count: 2)
}

/// A counting semaphore for async code: `acquire()` waits while every slot is taken.
actor ProcessSlots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = count
  }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
