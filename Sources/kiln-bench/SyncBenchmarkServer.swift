import Foundation
import JOSE

/// The kiln-server `kiln-bench sync` talks to: the binary beside kiln-bench, serving a fresh
/// data directory, on its own SQLite file or on a PostgreSQL database, with one account
/// signed up over HTTP. `stop()` ends the process; the caller removes the directory.
final class SyncBenchmarkServer {
  /// The port kiln-server listens on (loopback).
  let port: Int
  /// The project's anon key, sent as `apikey`.
  let anonKey: String
  /// The signed-up user's access token.
  let accessToken: String
  /// The signed-up user's id: the account both devices sync.
  let userID: UUID
  private let child: ServerBenchmarkTools.Child

  /// `http://127.0.0.1:<port>`, the devices' `SUPABASE_URL`.
  var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// kiln-server's process id, for its CPU time.
  var pid: Int32 { child.pid }

  /// Starts kiln-server on `directory` (and on `databaseURL`'s PostgreSQL when given) and
  /// signs up a user.
  /// - Throws: `BenchmarkError` when the server does not start or the sign-up fails; the
  ///   server is stopped first.
  init(directory: String, databaseURL: String?) async throws {
    let server = try ServerBenchmarkTools.kilnServerPath()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var environment = [
      "ACCESS_LOG": "off", "PATH": "/usr/bin:/bin",
      // The account is made once; the benchmark measures sync, not password hashing.
      "AUTH_SCRYPT_LOG_N": "10", "AUTH_RATE_LIMIT": "off",
    ]
    if let databaseURL { environment["DATABASE_URL"] = databaseURL }
    let child = try ServerBenchmarkTools.Child(
      server, ["serve", "--port", "0", "--data-dir", directory], environment: environment)
    SyncBenchmarkInterruption.watch(process: child.pid)
    do {
      let port = try await child.port()
      let configuration = try databaseURL.map {
        ["--config", try AuthBenchmark.configFile(databaseURL: $0, in: directory)]
      }
      let keys = try await ServerBenchmarkTools.output(
        server, ["keys", "--json", "--data-dir", directory] + (configuration ?? []))
      let anonKey = try AuthBenchmark.anonKey(keys)
      let answer = try AuthBenchmark.post(
        port, "/auth/v1/signup", anonKey,
        #"{"email":"sync-bench@example.com","password":"a long sync bench password"}"#)
      let session = try Self.session(answer)
      self.port = port
      self.anonKey = anonKey
      self.accessToken = session.token
      self.userID = session.userID
      self.child = child
    } catch {
      child.stop()
      SyncBenchmarkInterruption.forget(process: child.pid)
      throw error
    }
  }

  /// Stops kiln-server and waits for it.
  func stop() {
    child.stop()
    SyncBenchmarkInterruption.forget(process: child.pid)
  }

  /// The access token and user id of a sign-up answer; the error names only the status.
  private static func session(_ answer: String) throws -> (token: String, userID: UUID) {
    let status = answer.prefix(while: { $0 != "\r" })
    guard let range = answer.range(of: "\r\n\r\n"),
      let object = try? StrictJSONParser().parseObject(Array(answer[range.upperBound...].utf8)),
      let token = object["access_token"]?.stringValue,
      let id = object["user"]?.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:))
    else { throw BenchmarkError(description: "sign-up failed: \(status)") }
    return (token, id)
  }
}
