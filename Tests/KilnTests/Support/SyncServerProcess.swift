import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A `kiln-server serve` child for the sync tests, on SQLite in a data folder of its own or
/// on a database of the test PostgreSQL, that can be killed and started again on the same
/// store (on a new port: the devices are given the address at each run).
final class SyncServerProcess: Sendable {
  let dataDirectory: URL
  let databaseURL: String?
  /// The running child and its port: the test's task restarts it while a relay's thread
  /// reads the port and may kill it.
  private let running = Mutex<(process: Process?, port: Int)>((nil, 0))
  private let key = Mutex("")

  var port: Int { running.withLock { $0.port } }
  var anonKey: String { key.withLock { $0 } }

  init(databaseURL: String?) async throws {
    dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-sync-e2e-\(UUID().uuidString)")
    self.databaseURL = databaseURL
    try await start()
    let anonKey = try await KilnServerChild.anonKey(
      dataDirectory: dataDirectory, environment: storeEnvironment)
    key.withLock { $0 = anonKey }
  }

  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Where the store is, for `serve` and `keys`.
  private var storeEnvironment: [String: String] {
    var environment = ["DATA_DIR": dataDirectory.path]
    if let databaseURL { environment["DATABASE_URL"] = databaseURL }
    return environment
  }

  /// Starts `serve` on a free port and waits for its address.
  func start() async throws {
    let (child, port) = try await KilnServerChild.serve(
      environment: [
        "PORT": "0", "ACCESS_LOG": "off", "AUTH_SCRYPT_LOG_N": "10", "AUTH_RATE_LIMIT": "off",
      ].merging(storeEnvironment) { $1 })
    running.withLock { $0 = (child, port) }
  }

  /// Kills the server at once (SIGKILL: no graceful end, as a crash or a lost machine).
  func kill() {
    guard let process = running.withLock({ $0.process }), process.isRunning else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Stops the server and removes its SQLite folder.
  func stop() {
    kill()
    try? FileManager.default.removeItem(at: dataDirectory)
  }
}

struct SyncServerFailure: Error, CustomStringConvertible {
  var description: String
}

/// One device: a `kiln` home whose runs reach `server` with sync on.
struct SyncDevice {
  let home: ChatTestHome
  let server: SyncServerProcess

  init(server: SyncServerProcess) throws {
    home = try ChatTestHome()
    self.server = server
  }

  /// The environment of a run: real accounts and sync at `baseURL` (the server's own, or
  /// a relay in front of it).
  func environment(baseURL: String? = nil) -> [String: String] {
    [
      "AUTH_BYPASS": "0", "SUPABASE_URL": baseURL ?? server.baseURL,
      "SUPABASE_ANON_KEY": server.anonKey, "CHAT_SYNC_ENABLED": "true",
    ]
  }

  @discardableResult
  func kiln(
    _ arguments: [String], input: String = "", baseURL: String? = nil
  ) async throws -> (status: Int32, output: String, error: String) {
    try await home.runWithPipes(arguments, input: input, environment: environment(baseURL: baseURL))
  }

  /// `kiln sync --json`'s object, failing when the round failed.
  func sync(baseURL: String? = nil) async throws -> [String: Any] {
    let run = try await kiln(["sync", "--json"], baseURL: baseURL)
    guard run.status == 0 else {
      throw SyncServerFailure(description: "kiln sync failed (\(run.status)): \(run.error)")
    }
    return try KilnOutput.object(run.output)
  }

  /// The conversations `kiln chats --json` lists: id → title.
  func conversations() async throws -> [String: String] {
    let run = try await kiln(["chats", "--json", "--limit", "1000"])
    let listed = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
    var titles: [String: String] = [:]
    for conversation in listed ?? [] {
      if let id = conversation["id"] as? String { titles[id] = conversation["title"] as? String }
    }
    return titles
  }

  /// The texts of a conversation's messages, oldest first.
  func messages(of conversation: String) async throws -> [String] {
    let run = try await kiln(["show", conversation, "--json"])
    let object = try KilnOutput.object(run.output)
    let messages = object["messages"] as? [[String: Any]] ?? []
    return messages.compactMap { $0["text"] as? String }
  }
}
