import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `kiln-server backup FILE` through the real binary (decision 26): a consistent copy of the
/// SQLite store while serve writes to it, 0600, never over a file unless `--force`.
@Suite struct KilnServerBackupTests {
  typealias Server = KilnServerAccountsTests.Server

  static func temporaryDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  static func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
  }

  /// A data directory with a migrated store in it, made by `kiln-server migrate`.
  static func migratedStore() async throws -> URL {
    let directory = try temporaryDirectory("backup-store")
    let migrate = try await KilnServerRun.run(["migrate", "--data-dir", directory.path])
    try #require(migrate.status == 0, "\(migrate.error)")
    return directory
  }

  @Test func aBackupTakenWhileServeWritesHoldsTheAccountsAndQuotas() async throws {
    let server = try await Server()
    defer {
      server.run.process.terminate()
      try? FileManager.default.removeItem(at: server.directory)
    }
    let signUp = try await server.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    let token = try #require(signUp["access_token"])
    #expect(try await server.chat(token).headers["x-free-messages-remaining"] == "9")
    let backups = try Self.temporaryDirectory("backups")
    defer { try? FileManager.default.removeItem(at: backups) }
    let file = backups.appendingPathComponent("kiln.sqlite").path

    // Serve keeps writing (sign-ups) while the backup runs beside it.
    let directory = server.directory.path
    async let backupRun = KilnServerRun.run(["backup", file, "--data-dir", directory])
    for index in 0..<6 {
      let writer = try await server.send(
        "POST", "/auth/v1/signup",
        json: "{\"email\":\"writer\(index)@example.com\",\"password\":\"correct horse\"}")
      #expect(writer.status == 200)
    }
    let backup = try await backupRun
    #expect(backup.status == 0, "\(backup.error)")
    #expect(backup.output.contains(file))
    #expect(Self.mode(file) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: backups.path) == ["kiln.sqlite"])

    // The copy is a store: serve on it signs Ada in and remembers her message.
    let restored = try Self.temporaryDirectory("restored")
    defer { try? FileManager.default.removeItem(at: restored) }
    try FileManager.default.copyItem(
      atPath: file, toPath: restored.appendingPathComponent("kiln-server.sqlite").path)
    let second = try await Server(directory: restored)
    defer { second.run.process.terminate() }
    let signIn = try await second.send(
      "POST", "/auth/v1/token?grant_type=password", json: KilnServerAccountsTests.credentials)
    #expect(signIn.status == 200)
    let again = try #require(signIn["access_token"])
    #expect(try await second.chat(again).headers["x-free-messages-remaining"] == "8")
  }

  @Test func anExistingFileIsKeptUnlessForceIsGiven() async throws {
    let store = try await Self.migratedStore()
    defer { try? FileManager.default.removeItem(at: store) }
    let file = store.appendingPathComponent("previous-backup").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
    chmod(file, 0o644)

    let refused = try await KilnServerRun.run(["backup", file, "--data-dir", store.path])
    #expect(refused.status == 2)
    #expect(refused.error.contains("--force"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")

    let forced = try await KilnServerRun.run(["backup", file, "--force", "--data-dir", store.path])
    #expect(forced.status == 0, "\(forced.error)")
    let header = try #require(FileHandle(forReadingAtPath: file)).readData(ofLength: 15)
    #expect(String(decoding: header, as: UTF8.self) == "SQLite format 3")
    #expect(Self.mode(file) == 0o600)
  }

  @Test func postgresqlIsSentToPgDump() async throws {
    let run = try await KilnServerRun.run(
      ["backup", "/tmp/never-written.sqlite"],
      environment: ["DATABASE_URL": "postgres://kiln@127.0.0.1:1/kiln"])
    #expect(run.status == 2)
    #expect(run.error.contains("pg_dump"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.sqlite"))
  }

  @Test func theStoreItselfIsNeverTheDestination() async throws {
    let store = try await Self.migratedStore()
    defer { try? FileManager.default.removeItem(at: store) }
    let path = store.appendingPathComponent("kiln-server.sqlite").path
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for target in [path, store.appendingPathComponent("./kiln-server.sqlite").path] {
      let run = try await KilnServerRun.run(["backup", target, "--force", "--data-dir", store.path])
      #expect(run.status == 2)
      #expect(run.error.contains("the store itself"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aBadPathOrAMissingStoreExits1() async throws {
    let store = try await Self.migratedStore()
    defer { try? FileManager.default.removeItem(at: store) }
    let missingDirectory = store.appendingPathComponent("no/such/dir/backup.sqlite").path
    let unwritable = try await KilnServerRun.run(
      ["backup", missingDirectory, "--data-dir", store.path])
    #expect(unwritable.status == 1)
    #expect(unwritable.error.contains("cannot write"))

    let directory = try await KilnServerRun.run(["backup", store.path, "--data-dir", store.path])
    #expect(directory.status == 1)

    let empty = try Self.temporaryDirectory("no-store")
    defer { try? FileManager.default.removeItem(at: empty) }
    let noStore = try await KilnServerRun.run(
      ["backup", empty.appendingPathComponent("b.sqlite").path, "--data-dir", empty.path])
    #expect(noStore.status == 1)
    #expect(noStore.error.contains("no SQLite store"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)

    let usage = try await KilnServerRun.run(["backup", "--data-dir", store.path])
    #expect(usage.status == 2)
  }
}
