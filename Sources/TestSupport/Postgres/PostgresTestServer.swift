import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL server for tests, one per test process (decision 21).
///
/// The first `shared()` call runs `initdb` into a new directory under `/tmp` and starts the
/// server with `pg_ctl` on a free loopback port; every later call gets the same server. As
/// root (CI) the programs run as the `postgres` user through `runuser`, in a directory that
/// user owns; otherwise directly. Each test takes a database of its own (`makeDatabase()`).
///
/// The server stops when the test process ends, however it ends: a small shell process
/// started beside it waits for the end of a pipe only this process holds open, then runs
/// `pg_ctl -m immediate stop` and removes the directory. A server that cannot start fails the
/// calling test with the reason and the end of PostgreSQL's own log; nothing is skipped.
public final class PostgresTestServer: Sendable {
  /// The address the server listens on.
  public let host = "127.0.0.1"
  /// The port the server listens on.
  public let port: Int
  /// The superuser every test connects as (trusted on loopback, no password).
  public let user = "kiln"
  /// The server's directory (data, socket, `server.log`, `commands.log`).
  public let directory: URL
  private let launcher: PostgresLauncher
  private let databaseCount = Mutex(0)

  private static let start = Mutex<Task<PostgresTestServer, any Error>?>(nil)

  private init(port: Int, directory: URL, launcher: PostgresLauncher) {
    self.port = port
    self.directory = directory
    self.launcher = launcher
  }

  /// The server of this test process, started on first use.
  /// - Throws: `PostgresTestServerError` saying why PostgreSQL could not start; every later
  ///   call throws the same error at once.
  public static func shared() async throws -> PostgresTestServer {
    let task = start.withLock { task in
      if let task { return task }
      let started = Task { try await runOnOwnThread { try launch() } }
      task = started
      return started
    }
    return try await task.value
  }

  /// Creates a new, empty database (`t_1`, `t_2`, …) and returns its URL, for one test.
  /// - Throws: `PostgresTestServerError` when `createdb` fails.
  public func makeDatabase() async throws -> String {
    let name = databaseCount.withLock { count in
      count += 1
      return "t_\(count)"
    }
    let launcher = self.launcher
    let port = self.port
    try await Self.runOnOwnThread {
      try launcher.run(
        launcher.program("createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "kiln", name],
        asServerUser: false)
    }
    return url(database: name)
  }

  /// The URL of `database` on this server for the `kiln` user (or `user` with `password`).
  public func url(database: String, user: String = "kiln", password: String? = nil) -> String {
    let credentials = password.map { "\(user):\($0)" } ?? user
    return "postgres://\(credentials)@\(host):\(port)/\(database)?sslmode=disable"
  }

  /// Starts a server of its own (not the shared one) with the programs in `binaryDirectory`;
  /// for the harness's own tests, which start it with programs that fail.
  /// - Throws: `PostgresTestServerError` saying why it could not start.
  package static func startUnshared(binaryDirectory: String) async throws -> PostgresTestServer {
    try await runOnOwnThread { try launch(PostgresLauncher.locate(candidates: [binaryDirectory])) }
  }

  /// The settings of the tests' server: nothing is flushed to the disk, since a test's data
  /// never needs to outlive a crash.
  static let testSettings = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"

  /// Starts a server of its own (not the shared one) with `settings` (`postgres -c` options)
  /// in place of `testSettings`: for kiln-bench, which measures with PostgreSQL's own
  /// durability (an empty string keeps every default: each commit is flushed).
  /// - Throws: `PostgresTestServerError` saying why it could not start.
  package static func startUnshared(settings: String) async throws -> PostgresTestServer {
    try await runOnOwnThread { try launch(settings: settings) }
  }

  /// Stops the server now (`pg_ctl -m fast stop`) and removes its directory, instead of when
  /// this process ends.
  /// - Throws: `PostgresTestServerError` when `pg_ctl` fails.
  package func stop() async throws {
    let launcher = self.launcher
    let directory = self.directory
    try await Self.runOnOwnThread {
      try launcher.run(
        launcher.program("pg_ctl"),
        ["-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"],
        asServerUser: true)
      try FileManager.default.removeItem(at: directory)
    }
  }

  private static func launch(
    _ located: PostgresLauncher? = nil, settings: String = testSettings
  ) throws -> PostgresTestServer {
    var launcher = try located ?? PostgresLauncher.locate()
    let directory = try launcher.makeServerDirectory()
    do {
      return try launch(launcher, in: directory, settings: settings)
    } catch {
      // Nothing runs in the directory when the start failed; the error already holds the logs.
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  private static func launch(
    _ launcher: PostgresLauncher, in directory: URL, settings: String
  ) throws
    -> PostgresTestServer
  {
    let data = directory.appendingPathComponent("data").path
    // First of all, so a process killed while PostgreSQL starts leaves nothing behind either.
    try launcher.stopWhenThisProcessEnds(dataDirectory: data, directory: directory)
    try launcher.run(
      launcher.program("initdb"),
      ["-D", data, "-A", "trust", "-U", "kiln", "-E", "UTF8", "--locale=C", "--no-sync"],
      asServerUser: true)
    try launcher.writeAuthenticationRules(dataDirectory: data)
    var lastError: (any Error)?
    for _ in 0..<3 {
      let port = try freeLoopbackPort()
      let options =
        "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 "
        + "-c max_connections=200 \(settings)"
      do {
        try launcher.run(
          launcher.program("pg_ctl"),
          [
            "-D", data, "-l", directory.appendingPathComponent("server.log").path, "-o", options,
            "-w", "-t", "30", "start",
          ], asServerUser: true)
        return PostgresTestServer(port: port, directory: directory, launcher: launcher)
      } catch let error as PostgresTestServerError {
        lastError = PostgresTestServerError(
          reason: error.reason,
          log: error.log + "\n--- server.log ---\n" + launcher.serverLogTail(directory))
        // A server that came up too late for `-w -t 30` must not outlive its directory.
        try? launcher.run(
          launcher.program("pg_ctl"), ["-D", data, "-m", "immediate", "stop"], asServerUser: true)
      }
    }
    throw lastError ?? PostgresTestServerError(reason: "pg_ctl start failed", log: "")
  }

  /// Runs blocking work (process launches and waits) on a thread of its own, never on one
  /// of the threads Swift concurrency runs tests on.
  static func runOnOwnThread<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  )
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }

  /// A port no one listens on now: bound to port 0 and released. Another process may take
  /// it before PostgreSQL does, so the caller tries again on failure.
  private static func freeLoopbackPort() throws -> Int {
    let port: ClosedLoopbackPort
    do {
      port = try ClosedLoopbackPort()
    } catch {
      throw PostgresTestServerError(reason: "could not find a free port (\(error))", log: "")
    }
    port.close()
    return port.number
  }

}

/// Why the test PostgreSQL server could not start or a command against it failed, with the
/// end of the logs that say more.
public struct PostgresTestServerError: Error, CustomStringConvertible, Sendable {
  /// What failed.
  public let reason: String
  /// The end of the command's output and the server's log.
  public let log: String

  /// An error with its reason and log excerpt.
  public init(reason: String, log: String) {
    self.reason = reason
    self.log = log
  }

  /// The reason and the log, for the test failure.
  public var description: String {
    log.isEmpty ? "PostgreSQL test server: \(reason)" : "PostgreSQL test server: \(reason)\n\(log)"
  }
}
