import Foundation
import TestSupport

/// The PostgreSQL `kiln-bench sync` runs kiln-server on: the one `--database-url` names, or
/// a throwaway server (TestSupport's harness: `initdb` into a directory under `/tmp`, a free
/// loopback port, `pg_ctl`) with PostgreSQL's own durability instead of the tests'
/// no-flush settings. The throwaway server is stopped by `stop()`, and in any case when
/// kiln-bench exits, however it exits.
struct SyncBenchmarkPostgres {
  /// The database kiln-server connects to.
  let url: String
  /// The throwaway server, when kiln-bench started one.
  let server: PostgresTestServer?

  /// Every commit flushed to the disk before it is acknowledged: PostgreSQL's defaults,
  /// spelt out.
  static let durableSettings = "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"

  /// Starts a throwaway server with a new database; `extraSettings` (`-c name=value` options)
  /// come after the durable ones, so they may replace them.
  /// - Throws: `PostgresTestServerError` saying why it could not start.
  static func start(extraSettings: String = "") async throws -> SyncBenchmarkPostgres {
    let server = try await PostgresTestServer.startUnshared(
      settings: durableSettings + " " + extraSettings)
    do {
      return SyncBenchmarkPostgres(url: try await server.makeDatabase(), server: server)
    } catch {
      try? await server.stop()
      throw error
    }
  }

  /// Stops the throwaway server and removes its directory; a failure is printed, since the
  /// server stops anyway when kiln-bench exits.
  func stop() async {
    guard let server else { return }
    do {
      try await server.stop()
    } catch {
      print("  (PostgreSQL did not stop cleanly: \(error); it stops when kiln-bench exits)")
    }
  }

  /// The server's version and durability settings, read with `psql`, or why they could not
  /// be read.
  func describe() async -> String {
    let candidates =
      ["/usr/bin/psql"] + [17, 16, 15, 14].map { "/usr/lib/postgresql/\($0)/bin/psql" }
    guard let psql = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return "PostgreSQL (psql not found to read its settings)" }
    let query =
      "SELECT split_part(version(), ' ', 2), current_setting('fsync'),"
      + " current_setting('synchronous_commit'), current_setting('full_page_writes')"
    let answer = try? await ServerBenchmarkTools.output(psql, ["-XAtF", " ", "-c", query, url])
    let fields = (answer ?? "").split(whereSeparator: \.isWhitespace)
    guard fields.count == 4 else { return "PostgreSQL (settings unreadable)" }
    return "PostgreSQL \(fields[0]): fsync=\(fields[1]), synchronous_commit=\(fields[2]),"
      + " full_page_writes=\(fields[3])"
  }

  /// User plus system CPU seconds of the throwaway server's processes (the postmaster and
  /// its children), or `nil` for a server kiln-bench did not start.
  func cpuSeconds() -> Double? {
    guard let server else { return nil }
    let pidFile = server.directory.appendingPathComponent("data/postmaster.pid").path
    guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
      let postmaster = text.split(separator: "\n").first.flatMap({ Int32($0) })
    else { return nil }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var total = ServerBenchmarkTools.cpuSeconds(postmaster)
    for entry in entries {
      guard let pid = Int32(entry), pid != postmaster, Self.parent(of: pid) == postmaster
      else { continue }
      total += ServerBenchmarkTools.cpuSeconds(pid)
    }
    return total
  }

  /// The parent process of `pid`, from `/proc/<pid>/stat`.
  private static func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }
}
