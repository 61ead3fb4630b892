import Foundation
import TestSupport

extension ChatTestHome {
  /// Starts `count` runs of `kiln` at once (not two at a time, as `runWithPipes` does), each
  /// with no input, and returns their exit statuses and output in start order.
  func runInParallel(
    _ count: Int, _ arguments: @escaping @Sendable (Int) -> [String],
    environment extra: [String: String] = [:]
  ) async throws -> [(status: Int32, output: String, error: String)] {
    var processes: [(Process, Pipe, Pipe)] = []
    for index in 0..<count {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.kilnPath)
      process.arguments = arguments(index)
      process.environment = environment(extra)
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = stdout
      process.standardError = stderr
      processes.append((process, stdout, stderr))
    }
    for (process, _, _) in processes { try ChildProcess.start(process) }
    var results: [(status: Int32, output: String, error: String)] = []
    for (process, stdout, stderr) in processes {
      async let output = ChildProcess.readToEnd(stdout.fileHandleForReading)
      async let error = ChildProcess.readToEnd(stderr.fileHandleForReading)
      let (out, err) = await (output, error)
      process.waitUntilExit()
      results.append(
        (
          process.terminationStatus, String(decoding: out, as: UTF8.self),
          String(decoding: err, as: UTF8.self)
        ))
    }
    return results
  }
}
