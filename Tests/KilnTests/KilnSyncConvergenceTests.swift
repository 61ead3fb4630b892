import Foundation
import TestSupport
import Testing

/// Issue 20's done-means, with nothing faked: two `kiln` homes signed in to one account on
/// a real kiln-server (on SQLite, and on PostgreSQL where the migration's functions and
/// row-level security do the work) converge, edits made while the server is down converge
/// with the same winner on both, a delete wins over a concurrent rename, and nothing written
/// locally is lost when the server refuses a push or dies before or after storing it.
@Suite struct KilnSyncConvergenceTests {
  enum Store: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
  }

  static let email = "sync-\(UUID().uuidString.prefix(8).lowercased())@example.com"
  static let password = "correct-horse-sync-4"

  static func server(_ store: Store) async throws -> SyncServerProcess {
    switch store {
    case .sqlite: return try await SyncServerProcess(databaseURL: nil)
    case .postgres:
      return try await SyncServerProcess(
        databaseURL: try await PostgresTestServer.shared().makeDatabase())
    }
  }

  /// Two devices signed in to one new account.
  static func devices(on server: SyncServerProcess) async throws -> (SyncDevice, SyncDevice) {
    let first = try SyncDevice(server: server)
    let second = try SyncDevice(server: server)
    let signup = try await first.kiln(
      ["signup", "--email", email, "--password-stdin"], input: password + "\n")
    try #require(signup.status == 0, "\(signup.error)")
    let login = try await second.kiln(
      ["login", "--email", email, "--password-stdin"], input: password + "\n")
    try #require(login.status == 0, "\(login.error)")
    return (first, second)
  }

  /// Rounds on A, B and A again: everything each pushed reaches the other.
  static func converge(_ first: SyncDevice, _ second: SyncDevice) async throws {
    _ = try await first.sync()
    _ = try await second.sync()
    _ = try await first.sync()
  }

  @Test(arguments: Store.allCases)
  func aConversationMadeOnEachDeviceAppearsOnTheOther(store: Store) async throws {
    let server = try await Self.server(store)
    defer { server.stop() }
    let (first, second) = try await Self.devices(on: server)
    try #require(try await first.kiln(["ask", "planning a trip from device A"]).status == 0)
    try #require(try await second.kiln(["ask", "a recipe asked on device B"]).status == 0)
    try await Self.converge(first, second)

    let onFirst = try await first.conversations()
    let onSecond = try await second.conversations()
    #expect(onFirst.count == 2)
    #expect(onFirst == onSecond)
    for id in onFirst.keys {
      let texts = try await first.messages(of: id)
      #expect(texts.count == 2, "a question and the echo's answer: \(texts)")
      #expect(try await second.messages(of: id) == texts)
    }
    let pushedAgain = try await first.sync()
    #expect(pushedAgain["pushed"] as? Int == 0)
    #expect(pushedAgain["pending_rows"] as? Int == 0)
  }

  @Test(arguments: Store.allCases)
  func editsMadeWhileTheServerIsDownConvergeAndADeleteBeatsARename(store: Store) async throws {
    let server = try await Self.server(store)
    defer { server.stop() }
    let (first, second) = try await Self.devices(on: server)
    try #require(try await first.kiln(["ask", "renamed on both devices"]).status == 0)
    try #require(try await first.kiln(["ask", "deleted on A, renamed on B"]).status == 0)
    try await Self.converge(first, second)
    let before = try await second.conversations()
    try #require(before.count == 2)
    let renamed = try #require(before.first { $0.value.hasPrefix("renamed") }?.key)
    let deleted = try #require(before.first { $0.value.hasPrefix("deleted") }?.key)

    server.kill()
    try await rename(renamed, to: "Named on A", on: first)
    try await rename(renamed, to: "Named on B, later", on: second)
    try await rename(deleted, to: "Renamed on B", on: second)
    let deletion = try await first.kiln(["delete", deleted, "--yes"])
    #expect(deletion.status == 0, "\(deletion.error)")
    let offline = try await first.kiln(["sync"])
    #expect(offline.status == 1, "the server is down: \(offline.output)")
    #expect(try await first.conversations() == [renamed: "Named on A"])

    try await server.start()
    try await Self.converge(first, second)
    let onFirst = try await first.conversations()
    #expect(onFirst == [renamed: "Named on B, later"])
    #expect(try await second.conversations() == onFirst)
  }

  @Test(arguments: Store.allCases)
  func nothingIsLostWhenTheServerRefusesOrDiesBeforeOrAfterStoringAPush(
    store: Store
  ) async throws {
    let server = try await Self.server(store)
    defer { server.stop() }
    let relay = try SyncRelay(server: server)
    defer { relay.stop() }
    let (first, second) = try await Self.devices(on: server)
    for question in ["first question", "second question", "third question"] {
      try #require(try await first.kiln(["ask", question]).status == 0)
    }
    let written = try await first.conversations()
    try #require(written.count == 3)

    relay.failNextPush(.refuse)
    let refused = try await first.kiln(["sync"], baseURL: relay.baseURL)
    #expect(refused.status == 1)
    #expect(refused.error.contains("503"), "\(refused.error)")

    relay.failNextPush(.killBeforeStoring)
    let cut = try await first.kiln(["sync"], baseURL: relay.baseURL)
    #expect(cut.status == 1, "\(cut.output)")
    try await server.start()

    relay.failNextPush(.killAfterStoring)
    let unanswered = try await first.kiln(["sync"], baseURL: relay.baseURL)
    #expect(unanswered.status == 1, "\(unanswered.output)")
    #expect(relay.statusesOfUnansweredPushes == [200], "the server stored the push")
    try await server.start()
    #expect(try await first.conversations() == written)

    // The push the server stored but never answered goes again; the merge makes it a
    // no-op (every change stale, no new change number), and the other device receives
    // every row once.
    let retried = try await first.sync()
    let pushed = retried["pushed"] as? Int ?? 0
    #expect(pushed > 0)
    #expect(retried["stale"] as? Int == pushed, "\(retried)")
    #expect(retried["pending_rows"] as? Int == 0)
    _ = try await second.sync()
    #expect(try await second.conversations() == written)
    for id in written.keys {
      #expect(try await second.messages(of: id) == first.messages(of: id))
    }
  }

  /// Renames `conversation` in an interactive session on `device`.
  private func rename(_ conversation: String, to title: String, on device: SyncDevice) async throws
  {
    let run = try await device.kiln([], input: "/open \(conversation)\n/rename \(title)\n/quit\n")
    try #require(run.status == 0, "\(run.output) \(run.error)")
  }
}
