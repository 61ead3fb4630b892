import Foundation
import JOSE
import TestSupport
import Testing

/// The sync routes through the real binary on each store (docs/SYNC.md §4): a user signed
/// up through `/auth/v1` pushes and pulls with its access token, another user reaches none
/// of it, and deleting an account deletes its synced rows.
@Suite struct KilnServerSyncTests {
  typealias Server = KilnServerAccountsTests.Server

  /// The store a server runs on.
  enum Store: String, CaseIterable, Sendable {
    case sqlite
    case postgresql
  }

  /// A server on a new database of `store`, with `extra` settings.
  static func serve(_ store: Store, _ extra: [String: String] = [:]) async throws -> Server {
    guard store == .postgresql else { return try await Server(extra) }
    let url = try await PostgresTestServer.shared().makeDatabase()
    return try await Server(extra.merging(["DATABASE_URL": url]) { $1 })
  }

  /// Signs `name@example.com` up; its access token and user id.
  static func signUp(_ server: Server, _ name: String) async throws -> (token: String, id: String) {
    let answer = try await server.send(
      "POST", "/auth/v1/signup",
      json: #"{"email":"\#(name)@example.com","password":"correct horse"}"#)
    let token = try #require(answer["access_token"], "\(answer.status) \(answer.body)")
    let id = try #require(answer.json["user"]?.objectValue?["id"]?.stringValue)
    return (token, id)
  }

  static func push(
    _ server: Server, _ changes: [String], token: String
  ) async throws -> KilnServerAccountsTests.Answer {
    try await server.send(
      "POST", "/rest/v1/rpc/sync_push",
      json: #"{"changes":[\#(changes.joined(separator: ","))]}"#, bearer: token)
  }

  static func pull(_ server: Server, token: String) async throws -> KilnServerAccountsTests.Answer {
    try await server.send(
      "POST", "/rest/v1/rpc/sync_pull", json: #"{"since":0,"max_rows":100}"#, bearer: token)
  }

  /// The `status` of each result of a push's answer.
  static func statuses(_ answer: KilnServerAccountsTests.Answer) -> [String] {
    (answer.json["results"]?.arrayValue ?? []).compactMap {
      $0.objectValue?["status"]?.stringValue
    }
  }

  static let time = "2026-12-02T10:00:00.000Z"
  static let clock = "001796205600000-00000-dddddddd-0000-4000-8000-000000000001"

  /// An upsert of a conversation.
  static func conversation(_ id: String, title: String = "Trip") -> String {
    #"{"table":"conversations","op":"upsert","clocks":{"title":"\#(clock)"},"row":{"id":"\#(id)","#
      + #""title":\#(JSONText.quoted(title)),"persona_name":null,"persona_id":null,"#
      + #""is_pinned":false,"is_archived":false,"created_at":"\#(time)","#
      + #""updated_at":"\#(time)","deleted_at":null}}"#
  }

  /// An upsert of a finished user message in `conversation`.
  static func message(_ id: String, in conversation: String, content: String) -> String {
    #"{"table":"messages","op":"upsert","clocks":{"body":"\#(clock)"},"row":{"id":"\#(id)","#
      + #""conversation_id":"\#(conversation)","parent_id":null,"role":"user","#
      + #""content":\#(JSONText.quoted(content)),"status":"complete","model":null,"#
      + #""finish_reason":null,"prompt_tokens":null,"completion_tokens":null,"#
      + #""reasoning":null,"error_code":null,"created_at":"\#(time)","deleted_at":null}}"#
  }

  static let conversationID = "c0ffee00-0000-4000-8000-000000000001"
  static let messageID = "c0ffee00-0000-4000-8000-000000000002"

  @Test(arguments: Store.allCases)
  func aUserPushesAndPullsOverHTTPAndAnotherUserReachesNoneOfIt(store: Store) async throws {
    let server = try await Self.serve(store, ["ACCESS_LOG": "stderr"])
    #expect(try await server.send("GET", "/ready").body.contains(store.rawValue))
    let words = "words-only-the-user-should-see"
    let alice = try await Self.signUp(server, "alice")
    let pushed = try await Self.push(
      server,
      [
        Self.conversation(Self.conversationID),
        Self.message(Self.messageID, in: Self.conversationID, content: words),
      ], token: alice.token)
    #expect(pushed.status == 200, "\(pushed.body)")
    #expect(pushed.headers["content-type"] == "application/json; charset=utf-8")
    #expect(Self.statuses(pushed) == ["applied", "applied"])

    let pulled = try await Self.pull(server, token: alice.token)
    #expect(pulled.status == 200)
    let rows = (pulled.json["changes"]?.arrayValue ?? []).compactMap {
      $0.objectValue?["row"]?.objectValue
    }
    #expect(rows.compactMap { $0["id"]?.stringValue } == [Self.conversationID, Self.messageID])
    #expect(rows.last?["content"] == .string(words))
    #expect(rows.allSatisfy { $0["user_id"] == .string(alice.id) })

    let bob = try await Self.signUp(server, "bob")
    let bobsPull = try await Self.pull(server, token: bob.token)
    #expect(bobsPull.status == 200)
    #expect(bobsPull.json["changes"] == .array([]))
    let takeover = try await Self.push(
      server, [Self.conversation(Self.conversationID, title: "Bob's now")], token: bob.token)
    #expect(Self.statuses(takeover) == ["stale"])
    #expect(takeover.json["results"]?.arrayValue?.first?.objectValue?["row"] == .null)
    let again = try await Self.pull(server, token: alice.token)
    let title = again.json["changes"]?.arrayValue?.first?.objectValue?["row"]?.objectValue?[
      "title"]
    #expect(title == .string("Trip"))

    let stopped = await server.run.stop()
    #expect(stopped.status == 0)
    let lines = stopped.error.split(separator: "\n").filter { $0.contains("/rest/v1/rpc/") }
    #expect(lines.count == 5)
    #expect(lines.contains { $0.contains(#""function":"sync_push""#) && $0.contains(alice.id) })
    #expect(!stopped.error.contains(words), "the access log holds a row's content")
    #expect(!stopped.error.contains(alice.token), "the access log holds a token")
  }

  @Test(arguments: Store.allCases)
  func deleteAccountDeletesTheSyncedRowsBeforeTheAccount(store: Store) async throws {
    let server = try await Self.serve(store)
    defer { server.run.process.terminate() }
    let alice = try await Self.signUp(server, "alice")
    let bob = try await Self.signUp(server, "bob")
    let conversation = [Self.conversation(Self.conversationID)]
    #expect(
      Self.statuses(try await Self.push(server, conversation, token: alice.token)) == [
        "applied"
      ])
    // Ids are global: while Alice's row exists, Bob's push of the same id is stale.
    #expect(Self.statuses(try await Self.push(server, conversation, token: bob.token)) == ["stale"])
    let deleted = try await server.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: alice.token)
    #expect(deleted.status == 200)
    // Alice's other device still holds an access token: its push stores nothing.
    let late = try await Self.push(server, conversation, token: alice.token)
    #expect(late.status == 409, "\(late.body)")
    #expect(late.json["code"] == .string("23503"))
    #expect(
      Self.statuses(try await Self.push(server, conversation, token: bob.token)) == [
        "applied"
      ])

    // The admin route deletes them too: Bob's row goes with Bob.
    let serviceKey = try await Self.serviceRoleKey(server)
    let removed = try await server.send(
      "DELETE", "/auth/v1/admin/users/\(bob.id)", bearer: serviceKey)
    #expect(removed.status == 200, "\(removed.body)")
    let carol = try await Self.signUp(server, "carol")
    #expect(
      Self.statuses(try await Self.push(server, conversation, token: carol.token)) == [
        "applied"
      ])
    // A new account with Alice's address starts with nothing synced.
    let newAlice = try await Self.signUp(server, "alice")
    #expect(try await Self.pull(server, token: newAlice.token).json["changes"] == .array([]))
  }

  /// The service-role key, as `kiln-server keys --json` prints it for `server`'s store.
  static func serviceRoleKey(_ server: Server) async throws -> String {
    let keys = try await KilnServerRun.run(["keys", "--json"], environment: server.environment)
    let key = try StrictJSONParser().parseObject(Array(keys.output.utf8))["service_role_key"]
    return try #require(key?.stringValue, "\(keys.error)")
  }
}
