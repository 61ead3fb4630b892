import Foundation
import Testing

/// The real `kiln` binary with a data folder, database or file it cannot use: every message
/// names the path and what is wrong with it, in words, never a Foundation error number.
@Suite struct DataLocationTests {
  @Test func aFileWhereTheDataFolderShouldBeIsNamed() async throws {
    let home = try ChatTestHome()
    try Data("x".utf8).write(to: home.dataDirectory)
    let run = try await home.runWithPipes(["chats"], input: "")
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        "kiln: the data folder \(home.dataDirectory.path) cannot be created "
          + "(a file with that name is in the way). Fix: "), "\(run.error)")

    let below = home.dataDirectory.appendingPathComponent("inner").path
    let nested = try await home.runWithPipes(
      ["doctor"], input: "", environment: ["KILN_HOME": below])
    #expect(nested.status == 1)
    #expect(
      nested.output.contains("FAIL database: the data folder \(below) cannot be created")
        && nested.output.contains("(part of the path is a file, not a folder)"),
      "\(nested.output)")
  }

  @Test func aDamagedDatabaseIsNamedWithAWayOut() async throws {
    let home = try ChatTestHome()
    try FileManager.default.createDirectory(
      at: home.dataDirectory, withIntermediateDirectories: true)
    let database = home.dataDirectory.appendingPathComponent("kiln.sqlite")
    try Data("junk\n".utf8).write(to: database)
    let run = try await home.runWithPipes(["ask", "hi"], input: "")
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix(
        "kiln: the database \(database.path) is damaged or is not a Kiln database. Fix: move it"),
      "\(run.error)")
    #expect(try Data(contentsOf: database) == Data("junk\n".utf8), "the file is left alone")

    // The doctor names the same problem and still runs its other checks.
    let doctor = try await home.runWithPipes(["doctor"], input: "")
    #expect(doctor.status == 1)
    #expect(doctor.output.contains("ok   configuration: valid"), "\(doctor.output)")
    #expect(
      doctor.output.contains(
        "FAIL database: the database \(database.path) is damaged or is not a Kiln database."),
      "\(doctor.output)")
    #expect(doctor.output.contains("ok   AI provider: echo model"), "\(doctor.output)")
    #expect(try Data(contentsOf: database) == Data("junk\n".utf8), "the file is left alone")
  }

  @Test func aFolderGivenAsAFileSaysSo() async throws {
    let home = try ChatTestHome()
    let config = try await home.runWithPipes(["--config", home.root.path, "chats"], input: "")
    #expect(config.status == 2)
    #expect(config.error.contains("cannot be read (it is a folder, not a file)"), "\(config.error)")
    #expect(!config.error.contains("NSCocoaErrorDomain"))

    let folder = try await home.runWithPipes(["import", home.root.path], input: "")
    #expect(folder.status == 1)
    #expect(folder.error == "kiln: cannot read \(home.root.path): it is a folder, not a file.\n")
  }

  @Test func importingSomethingElseQuotesTheArchiveNotAStorageError() async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("notes.json")
    try Data("[]".utf8).write(to: file)
    let run = try await home.runWithPipes(["import", file.path], input: "")
    #expect(run.status == 1)
    #expect(
      run.error
        == "kiln: cannot import \(file.path): This file is not a Kiln conversation archive.\n")
  }
}
