import Foundation
import TestSupport

/// `kiln-server` children for the app's end-to-end tests: the binary built beside `kiln`,
/// `serve` on a free port, and the anon key an operator would read with `keys`.
enum KilnServerChild {
  /// The binary built beside `kiln`.
  static var path: String {
    URL(fileURLWithPath: ChatTestHome.kilnPath).deletingLastPathComponent()
      .appendingPathComponent("kiln-server").path
  }

  /// Starts `serve` with `environment` (which should set `PORT=0`) and waits for the line
  /// that names its address.
  /// - Throws: `Failure` when the child exits before it listens.
  static func serve(environment: [String: String]) async throws -> (process: Process, port: Int) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: path)
    child.arguments = ["serve"]
    child.environment = environment
    let stdout = Pipe()
    child.standardOutput = stdout
    child.standardError = FileHandle.nullDevice
    try ChildProcess.start(child)
    var text = ""
    while true {
      let data = await ChildProcess.readAvailable(stdout.fileHandleForReading)
      guard !data.isEmpty else {
        child.terminate()
        throw Failure(description: "kiln-server exited before it listened")
      }
      text += String(decoding: data, as: UTF8.self)
      for line in text.split(separator: "\n")
      where line.hasPrefix("kiln-server serve listening on ") {
        if let colon = line.lastIndex(of: ":"),
          let port = Int(line[line.index(after: colon)...])
        {
          return (child, port)
        }
      }
    }
  }

  /// The anon key as an operator gets it: `kiln-server keys --json` on the store in
  /// `dataDirectory` (and `environment`'s `DATABASE_URL`, if any).
  /// - Throws: `Failure` when `keys` fails or prints no anon key.
  static func anonKey(
    dataDirectory: URL, environment: [String: String] = [:]
  ) async throws -> String {
    let keys = Process()
    keys.executableURL = URL(fileURLWithPath: path)
    keys.arguments = ["keys", "--json", "--data-dir", dataDirectory.path]
    keys.environment = environment
    let output = Pipe()
    keys.standardOutput = output
    keys.standardError = FileHandle.nullDevice
    try ChildProcess.start(keys)
    let printed = await ChildProcess.readToEnd(output.fileHandleForReading)
    keys.waitUntilExit()
    let object = try? JSONSerialization.jsonObject(with: printed) as? [String: Any]
    guard keys.terminationStatus == 0, let key = object?["anon_key"] as? String else {
      throw Failure(description: "kiln-server keys printed no anon key")
    }
    return key
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}
