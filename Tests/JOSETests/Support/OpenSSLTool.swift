import Foundation
import TestSupport
import Testing

/// The `openssl` command-line tool, run in a temporary directory, to cross-check the module
/// against an independent implementation.
struct OpenSSLTool {
  let directory: URL

  static func withTool<Result>(_ body: (OpenSSLTool) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("jose-openssl-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(OpenSSLTool(directory: directory))
  }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
  }

  func read(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// Runs `openssl arguments`; returns its exit status and standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    // Through TestSupport's launcher: corelibs `Process.run()` has crashed while another
    // test started a process at the same moment.
    try ChildProcess.start(process)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The hexadecimal block after `label` in `openssl pkey -text` output.
  static func hexBlock(after label: String, in text: String) -> [UInt8] {
    var collecting = false
    var digits = ""
    for line in text.split(separator: "\n") {
      if line.hasPrefix(label) {
        collecting = true
        continue
      }
      if collecting {
        guard line.hasPrefix(" ") else { break }
        digits += line
      }
    }
    return Hex.bytes(digits)
  }
}
