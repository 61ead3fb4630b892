import Foundation
import Testing

@testable import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `kiln` binary given files that would hurt it: an export aimed at its own
/// database or log, permissions that would let others read the user's conversations.
@Suite struct HostileFileTests {
  private static func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  private static func conversationCount(_ home: ChatTestHome) async throws -> Int {
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    #expect(list.status == 0, "\(list.error)")
    let conversations = try JSONSerialization.jsonObject(with: Data(list.output.utf8))
    return try #require(conversations as? [Any]).count
  }

  @Test func exportRefusesToWriteOverKilnsOwnFiles() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "keep me"], input: "").status == 0)
    let data = home.dataDirectory
    let database = data.appendingPathComponent("kiln.sqlite")
    let link = home.root.appendingPathComponent("innocent.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: database)
    let targets = [
      (database.path, "it is Kiln's own database"),
      (database.path + "-wal", "it is part of Kiln's database"),
      (data.appendingPathComponent("kiln.log.jsonl").path, "it is Kiln's log file"),
      (data.appendingPathComponent("secure-store.json").path, "it is Kiln's secure store"),
      (link.path, "it is Kiln's own database"),
      (data.path + "/../data/./kiln.sqlite", "it is Kiln's own database"),
    ]
    for (target, reason) in targets {
      let run = try await home.runWithPipes(["export", "--output", target], input: "")
      #expect(run.status == 1, "\(target)")
      #expect(run.error.contains("cannot write "), "\(run.error)")
      #expect(run.error.contains("\(reason); choose another file."), "\(run.error)")
      #expect(!run.error.contains("Exported"))
    }
    #expect(try await Self.conversationCount(home) == 1, "the database is intact")
  }

  @Test func theChatsExportRefusesTheDatabaseToo() async throws {
    let home = try ChatTestHome()
    let database = home.dataDirectory.appendingPathComponent("kiln.sqlite")
    let run = try await home.runWithPipes(
      [], input: "hello\n/export json \(database.path)\n/quit\n")
    #expect(run.error.contains("it is Kiln's own database; choose another file"), "\(run.error)")
    #expect(!run.output.contains("Exported"), "\(run.output)")
    #expect(try await Self.conversationCount(home) == 1, "the database is intact")
  }

  @Test func exportsAreOwnerOnlyAndAnExistingFileKeepsItsMode() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "private words"], input: "").status == 0)
    let fresh = home.root.appendingPathComponent("fresh.json")
    #expect(
      try await home.runWithPipes(["export", "--output", fresh.path], input: "").status == 0)
    #expect(try Self.mode(fresh) == 0o600)
    #expect(try String(contentsOf: fresh, encoding: .utf8).contains("private words"))

    let shared = home.root.appendingPathComponent("shared.json")
    try Data("old".utf8).write(to: shared)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: shared.path)
    #expect(
      try await home.runWithPipes(["export", "--output", shared.path], input: "").status == 0)
    #expect(try Self.mode(shared) == 0o644, "the user's own choice is kept")
    #expect(try String(contentsOf: shared, encoding: .utf8).contains("private words"))

    let chat = home.root.appendingPathComponent("chat.md")
    let run = try await home.runWithPipes(
      [], input: "hello\n/export md \(chat.path)\n/quit\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(try Self.mode(chat) == 0o600)
  }

  @Test func theDatabaseAndTheLogAreOwnerOnly() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "hello"], input: "").status == 0)
    let data = home.dataDirectory
    for name in ["kiln.sqlite", "kiln.log.jsonl"] {
      #expect(try Self.mode(data.appendingPathComponent(name)) == 0o600, "\(name)")
    }
    // A database an older Kiln created with the umask's 0644.
    let database = data.appendingPathComponent("kiln.sqlite")
    let chmodded = chmod(database.path, 0o644)
    #expect(chmodded == 0)
    #expect(try await home.runWithPipes(["chats"], input: "").status == 0)
    #expect(try Self.mode(database) == 0o600, "a database someone loosened is tightened")
  }

  @Test func importingSomethingEmptySaysSoNotPermissionDenied() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["import", "/dev/null"], input: "")
    #expect(run.status == 1)
    #expect(
      run.error == "kiln: cannot import /dev/null: it is empty, not a Kiln conversation archive.\n")
  }

  @Test func importSaysWhyEachConversationWasLeftOut() async throws {
    let home = try ChatTestHome()
    let hacker = HostileTextTests.archive(title: "intruder", text: "trust me", role: "hacker")
    let file = home.root.appendingPathComponent("hacker.json")
    try Data(hacker.utf8).write(to: file)
    let run = try await home.runWithPipes(["import", file.path], input: "")
    #expect(run.status == 1)
    #expect(run.error.contains("was not imported: message "), "\(run.error)")
    #expect(run.error.contains("has the role 'hacker', which Kiln does not know"), "\(run.error)")
    #expect(run.output == "Imported 0 conversations, skipped 0 already present, 1 failed.\n")
    #expect(try await Self.conversationCount(home) == 0, "nothing shown as the assistant")

    // The same conversation twice in one file is imported once and skipped once.
    let single = HostileTextTests.archive(title: "twice", text: "hello")
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(single.utf8)) as? [String: Any])
    let conversations = try #require(object["conversations"] as? [Any])
    object["conversations"] = conversations + conversations
    let doubled = home.root.appendingPathComponent("doubled.json")
    try JSONSerialization.data(withJSONObject: object).write(to: doubled)
    let twice = try await home.runWithPipes(["import", doubled.path], input: "")
    #expect(twice.status == 0, "\(twice.error)")
    #expect(twice.output == "Imported 1 conversation, skipped 1 already present.\n")
  }

  @Test func anotherProgramsSQLiteFileIsNotTakenOver() async throws {
    let home = try ChatTestHome()
    try FileManager.default.createDirectory(
      at: home.dataDirectory, withIntermediateDirectories: true)
    let database = home.dataDirectory.appendingPathComponent("kiln.sqlite")
    let foreign = try SQLiteConnection(path: database.path)
    try foreign.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')")
    foreign.close()
    let before = try Data(contentsOf: database)

    let run = try await home.runWithPipes(["chats"], input: "")
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        "kiln: the database \(database.path) belongs to another program, not Kiln. Fix: "),
      "\(run.error)")
    #expect(try Data(contentsOf: database) == before, "no Kiln tables were added")
  }

  @Test func aRunLeavesNothingOutsideItsDataFolder() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "hello"], input: "").status == 0)
    #expect(try await home.runWithPipes(["chats"], input: "").status == 0)
    let file = home.root.appendingPathComponent("all.json")
    #expect(try await home.runWithPipes(["export", "--output", file.path], input: "").status == 0)
    // Foundation's cookie folder (named after the binary's folder, under XDG_DATA_HOME) and
    // its URL cache (under HOME/.cache) came with every run.
    let left = try FileManager.default.contentsOfDirectory(atPath: home.root.path).sorted()
    #expect(left == ["all.json", "data"], "\(left)")
  }

  @Test func aReadOnlyDataFolderCanStillBeListedShownAndExported() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "kept safe"], input: "").status == 0)
    let data = home.dataDirectory
    // Root writes anywhere, so as root the runs below are made as `nobody`.
    var launcher: [String] = []
    if getuid() == 0 {
      launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
      for path in [home.root.path, data.path]
        + (try FileManager.default.contentsOfDirectory(
          atPath: data.path)).map({ data.appendingPathComponent($0).path })
      {
        #expect(chown(path, 65534, 65534) == 0, "\(path)")
      }
    }
    #expect(chmod(data.path, 0o555) == 0)
    defer { _ = chmod(data.path, 0o700) }

    let chats = try await home.runWithPipes(["chats"], input: "", launcher: launcher)
    #expect(chats.status == 0, "\(chats.error)")
    #expect(chats.output.contains("kept safe"), "\(chats.output)")
    let export = try await home.runWithPipes(["export"], input: "", launcher: launcher)
    #expect(export.status == 0, "\(export.error)")
    #expect(export.output.contains("kept safe"))
    // A command that writes still says why it cannot.
    let ask = try await home.runWithPipes(["ask", "more"], input: "", launcher: launcher)
    #expect(ask.status == 1)
    #expect(ask.error.contains("cannot be written"), "\(ask.error)")
  }
}
