import Foundation
import TestSupport
import Testing

@Suite struct PostgresTestServerTests {
  @Test func aServerThatCannotStartFailsWithTheProgramsOwnWords() async throws {
    try await withTemporaryDirectory(prefix: "kiln-fake-pg") { directory in
      // Reachable by the `postgres` user when the tests run as root.
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
      for name in ["initdb", "pg_ctl"] {
        let script = "#!/bin/sh\necho \"\(name): the disk is on fire\" >&2\nexit 3\n"
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(script.utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
      let error = await #expect(throws: PostgresTestServerError.self) {
        try await PostgresTestServer.startUnshared(binaryDirectory: directory.path)
      }
      #expect(error?.reason.contains("initdb") == true, "\(error?.description ?? "")")
      #expect(error?.reason.contains("failed with status 3") == true)
      #expect(error?.log.contains("initdb: the disk is on fire") == true)
    }
  }

  @Test func aDirectoryWithoutThePostgreSQLProgramsIsNamedInTheError() async throws {
    try await withTemporaryDirectory(prefix: "kiln-no-pg") { directory in
      let error = await #expect(throws: PostgresTestServerError.self) {
        try await PostgresTestServer.startUnshared(binaryDirectory: directory.path)
      }
      #expect(error?.reason.contains("initdb and pg_ctl were not found") == true)
      #expect(error?.reason.contains(directory.path) == true)
    }
  }
}
