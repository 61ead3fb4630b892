import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds PostgreSQL's programs and runs them for `PostgresTestServer`: as the `postgres`
/// user through `runuser` when this process is root, directly otherwise.
struct PostgresLauncher: Sendable {
  /// The directory holding `initdb`, `pg_ctl` and `createdb`.
  let binaryDirectory: String
  /// `runuser` and the server user's ids, when running as root.
  let serverUser: (runuser: String, uid: uid_t, gid: gid_t)?
  /// Where every command's output goes (`commands.log` in the server's directory, once
  /// there is one), read back when a command fails.
  private(set) var commandLog: URL?

  /// Locates the programs (`pg_config --bindir`, then Debian's versioned directories) and,
  /// as root, `runuser` and the `postgres` user.
  /// - Throws: `PostgresTestServerError` naming what is missing.
  static func locate(candidates chosen: [String]? = nil) throws -> PostgresLauncher {
    let candidates =
      chosen
      ?? [Self.pgConfigBinaryDirectory()].compactMap { $0 }
      + [17, 16, 15, 14, 13, 12].map { "/usr/lib/postgresql/\($0)/bin" }
      + ["/usr/local/bin", "/usr/bin", "/opt/homebrew/bin"]
    guard
      let directory = candidates.first(where: {
        FileManager.default.isExecutableFile(atPath: "\($0)/initdb")
          && FileManager.default.isExecutableFile(atPath: "\($0)/pg_ctl")
      })
    else {
      throw PostgresTestServerError(
        reason:
          "initdb and pg_ctl were not found (looked in \(candidates.joined(separator: ", ")))",
        log: "")
    }
    var serverUser: (String, uid_t, gid_t)?
    if geteuid() == 0 {
      guard let account = getpwnam("postgres") else {
        throw PostgresTestServerError(
          reason: "running as root needs a `postgres` user to run the server as", log: "")
      }
      guard
        let runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].first(where: {
          FileManager.default.isExecutableFile(atPath: $0)
        })
      else {
        throw PostgresTestServerError(reason: "running as root needs `runuser`", log: "")
      }
      serverUser = (runuser, account.pointee.pw_uid, account.pointee.pw_gid)
    }
    return PostgresLauncher(binaryDirectory: directory, serverUser: serverUser, commandLog: nil)
  }

  /// The path of one of PostgreSQL's programs.
  func program(_ name: String) -> String { "\(binaryDirectory)/\(name)" }

  /// A new directory under `/tmp` (reachable by the `postgres` user, and short enough for a
  /// Unix socket path), owned by the server user and closed to everyone else.
  /// - Throws: `PostgresTestServerError` when it cannot be made or handed over.
  mutating func makeServerDirectory() throws -> URL {
    var template = Array("/tmp/kiln-pg-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      return mkdtemp(base) != nil
    }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard made else {
      throw PostgresTestServerError(reason: "mkdtemp failed (errno \(errno))", log: "")
    }
    if let serverUser, chown(path, serverUser.uid, serverUser.gid) != 0 {
      throw PostgresTestServerError(
        reason: "could not give \(path) to the postgres user (errno \(errno))", log: "")
    }
    chmod(path, 0o700)
    let directory = URL(fileURLWithPath: path, isDirectory: true)
    commandLog = directory.appendingPathComponent("commands.log")
    return directory
  }

  /// Replaces `pg_hba.conf`: `kiln` is trusted on loopback and the socket; every other role
  /// needs its password (SCRAM), so tests can see a wrong password refused.
  /// - Throws: `PostgresTestServerError` when the file cannot be written.
  func writeAuthenticationRules(dataDirectory: String) throws {
    let rules = """
      local all all trust
      host all kiln 127.0.0.1/32 trust
      host all all 127.0.0.1/32 scram-sha-256

      """
    let path = "\(dataDirectory)/pg_hba.conf"
    // Written in place (not replaced), so the file keeps its owner when this process is root.
    guard let handle = FileHandle(forUpdatingAtPath: path) else {
      throw PostgresTestServerError(reason: "cannot open \(path)", log: "")
    }
    defer { try? handle.close() }
    do {
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(rules.utf8))
    } catch {
      throw PostgresTestServerError(reason: "cannot write \(path): \(error)", log: "")
    }
  }

  /// Runs `program` with `arguments` and waits for it (`pg_ctl` bounds its own wait with
  /// `-t`); its output goes to the command log.
  /// - Throws: `PostgresTestServerError` with the end of the log when it fails.
  func run(_ program: String, _ arguments: [String], asServerUser: Bool) throws {
    var argv = [program] + arguments
    if asServerUser, let serverUser { argv = [serverUser.runuser, "-u", "postgres", "--"] + argv }
    let pid = try PostgresSpawn.start(argv, logPath: commandLog?.path)
    let status = PostgresSpawn.wait(pid)
    guard status == 0 else {
      throw PostgresTestServerError(
        reason: "\(argv.joined(separator: " ")) failed with status \(status)", log: logTail())
    }
  }

  /// Starts the shell that stops the server once this process has ended: it reads a pipe
  /// whose writing end only this process holds (close-on-exec, and the children get no other
  /// descriptors), and the end of that pipe comes when this process exits or dies.
  /// - Throws: `PostgresTestServerError` when the pipe or the shell cannot be made.
  func stopWhenThisProcessEnds(dataDirectory: String, directory: URL) throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw PostgresTestServerError(reason: "pipe failed (errno \(errno))", log: "")
    }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let stop = [program("pg_ctl"), "-D", dataDirectory, "-m", "immediate", "stop"]
      .map(Self.quoted).joined(separator: " ")
    let asUser = serverUser.map { "\(Self.quoted($0.runuser)) -u postgres -- " } ?? ""
    let script =
      "trap '' INT HUP TERM; cat >/dev/null; \(asUser)\(stop); "
      + "rm -rf \(Self.quoted(directory.path))"
    defer { close(ends[0]) }
    _ = try PostgresSpawn.start(["/bin/sh", "-c", script], logPath: nil, inputDescriptor: ends[0])
    Self.keptOpen.withLock { $0.append(ends[1]) }
  }

  /// The writing ends of the stop pipes: never closed, so they close when the process ends.
  private static let keptOpen = Mutex<[Int32]>([])

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The last 4 KiB of the command log.
  func logTail() -> String {
    guard let commandLog else { return "" }
    let text = (try? String(contentsOf: commandLog, encoding: .utf8)) ?? ""
    return String(text.suffix(4096))
  }

  /// The last 4 KiB of the server's own log in `directory`.
  func serverLogTail(_ directory: URL) -> String {
    let url = directory.appendingPathComponent("server.log")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return String(text.suffix(4096))
  }

  private static func pgConfigBinaryDirectory() -> String? {
    for candidate in ["/usr/bin/pg_config", "/usr/local/bin/pg_config"]
    where FileManager.default.isExecutableFile(atPath: candidate) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: candidate)
      process.arguments = ["--bindir"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      guard (try? ChildProcess.start(process)) != nil else { continue }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let path = String(decoding: data, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if process.terminationStatus == 0, !path.isEmpty { return path }
    }
    return nil
  }
}
