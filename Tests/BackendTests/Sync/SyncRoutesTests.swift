import Foundation
import JOSE
import Testing

@testable import Backend

/// docs/SYNC.md §4's table, row by row, through `SyncRoutes` over the real stores
/// (`PostgresSyncStore`, and `SQLiteSyncStore` where the store answers): PostgREST's statuses
/// and codes for each refusal, and the functions' JSON values for calls that succeed.
@Suite struct SyncRoutesTests {
  @Test(arguments: SyncStoreKind.allCases)
  func aUserPushesAConversationAndAMessageAndPullsThemBack(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    let pushed = try await rig.push(
      [
        change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)]),
        change("messages", messageRow(syncID(2), in: syncID(1)), clocks: ["body": hlc(1)]),
      ], as: userA)
    #expect(pushed.status == 200)
    #expect(pushed.header("Content-Type") == "application/json; charset=utf-8")
    let statuses = pushed["results"]?.arrayValue?.compactMap { $0.objectValue?["status"] }
    #expect(statuses == [.string("applied"), .string("applied")])

    let pulled = try await rig.pull(as: userA)
    #expect(pulled.status == 200)
    let changes = try #require(pulled["changes"]?.arrayValue)
    #expect(
      changes.compactMap { $0.objectValue?["table"]?.stringValue } == [
        "conversations", "messages",
      ])
    let row = try #require(changes.first?.objectValue?["row"]?.objectValue)
    #expect(row["user_id"] == .string(userA.uuidString.lowercased()))
    #expect(pulled["next"] == .number(2))
    #expect(pulled["has_more"] == .bool(false))
    #expect(pushed.log?.userID == userA.uuidString.lowercased())
    #expect(pushed.log?.syncFunction == "sync_push")
    #expect(pushed.log?.refusal == nil)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func anotherUserPullsNoneOfTheRows(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    _ = try await rig.push(
      [change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])],
      as: userA)
    let pulled = try await rig.pull(as: userB)
    #expect(pulled.status == 200)
    #expect(pulled["changes"] == .array([]))
    await database.close()
  }

  @Test func noAuthorizationRunsAsAnonAndIs401PermissionDenied() async throws {
    let database = try await SyncDatabase.make()
    let rig = try SyncRoutesRig(store: database.store)
    for function in ["sync_pull", "sync_push"] {
      let answer = try await rig.send(function, body: "{}", bearer: nil)
      #expect(answer.status == 401)
      #expect(answer.code == "42501")
      #expect(answer["message"] == .string("permission denied for function \(function)"))
      #expect(answer.header("WWW-Authenticate") == "Bearer")
      #expect(answer.json?.objectValue?.keys.sorted() == ["code", "details", "hint", "message"])
      #expect(answer.log?.refusal == "42501")
      #expect(answer.log?.userID == nil)
    }
    // The anon key as a bearer token is the same caller: anon.
    let anon = try await rig.send("sync_pull", body: "{}", bearer: try await rig.anonKey)
    #expect(anon.status == 401)
    #expect(anon.code == "42501")
    await database.close()
  }

  @Test func aTokenThatFailsVerificationIs401PGRST301() async throws {
    let database = try await SyncDatabase.make()
    let rig = try SyncRoutesRig(store: database.store)
    let expired = try await rig.token(sub: userA.uuidString, lifetime: -3600)
    let foreign = try JWTSigner(hmacSecret: "a-secret-this-server-does-not-trust-32b").sign(
      claims: [
        "sub": .string(userA.uuidString), "role": .string("authenticated"),
        "aud": .string("authenticated"), "exp": .number(2_000_000_000),
      ])
    for (token, rule) in [(expired, "C1"), (foreign, "K1"), ("not.a.token", "T2")] {
      let answer = try await rig.send(
        "sync_pull", body: #"{"since":0,"max_rows":10}"#, bearer: token)
      #expect(answer.status == 401, "\(rule)")
      #expect(answer.code == "PGRST301", "\(rule)")
      #expect(answer.header("WWW-Authenticate")?.contains("invalid_token") == true)
      #expect(!String(decoding: answer.body, as: UTF8.self).contains(token), "\(rule)")
    }
    await database.close()
  }

  @Test func theServiceRoleAndOtherNonUserTokensAre403PermissionDenied() async throws {
    let database = try await SyncDatabase.make()
    let rig = try SyncRoutesRig(store: database.store)
    let tokens = [
      ("the service-role key", try await rig.serviceRoleKey),
      ("a service_role token", try await rig.token(sub: "server", role: "service_role")),
      ("a sub that is not a UUID", try await rig.token(sub: "user-7f3a")),
      ("another role", try await rig.token(sub: userA.uuidString, role: "editor")),
    ]
    for (name, token) in tokens {
      let answer = try await rig.send(
        "sync_pull", body: #"{"since":0,"max_rows":10}"#, bearer: token)
      #expect(answer.status == 403, "\(name)")
      #expect(answer.code == "42501", "\(name)")
    }
    await database.close()
  }

  @Test(arguments: ["[]", "[1,2]", "\"text\"", "5", "not json", "{\"since\":0,\"since\":1}"])
  func aBodyThatIsNotOneJSONObjectIs400PGRST102(body: String) async throws {
    let database = try await SyncDatabase.make()
    let rig = try SyncRoutesRig(store: database.store)
    let answer = try await rig.send(
      "sync_pull", body: body, bearer: try await rig.token(for: userA))
    #expect(answer.status == 400)
    #expect(answer.code == "PGRST102")
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aBoundOrAMalformedChangeIsTheStoresRefusalUnchanged(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    let many = (1...501).map { number in
      change("memories", memoryRow(syncID(number)), clocks: ["content": hlc(1)])
    }
    let tooMany = try await rig.push(many, as: userA)
    #expect(tooMany.status == 400)
    #expect(tooMany.code == "22023")
    #expect(tooMany["details"] == .string("501 changes"))
    let badTime = try await rig.push(
      [
        change(
          "conversations",
          conversationRow(syncID(1)).merging(["created_at": .string("yesterday")]) { $1 },
          clocks: ["title": hlc(1)])
      ], as: userA)
    #expect(badTime.status == 400)
    #expect(badTime.code == "22007")
    let badID = try await rig.push(
      [change("memories", memoryRow(syncID(1)).merging(["id": .string("42")]) { $1 })],
      as: userA)
    #expect(badID.status == 400)
    #expect(badID.code == "22P02")
    let notAnArray = try await rig.send(
      "sync_push", body: #"{"changes":{"table":"memories"}}"#,
      bearer: try await rig.token(for: userA))
    #expect(notAnArray.status == 400)
    #expect(notAnArray.code == "22023")
    #expect(notAnArray.log?.refusal == "22023")
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aStoreThatCannotAnswerIs503PGRST000(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    await database.close()
    let answer = try await rig.pull(as: userA)
    #expect(answer.status == 503)
    #expect(answer.code == "PGRST000")
  }
}
