import Foundation
import JOSE
import Testing

@testable import Backend

/// `SyncRoutes`' own rules: the function's name, the method, the `apikey`, the body's size,
/// the arguments' names and types, and what reaches the store.
@Suite struct SyncRoutesRequestTests {
  @Test func anUnknownFunctionIs404PGRST202() async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore())
    for function in ["sync_delete", "SYNC_PULL", "sync_pull/extra"] {
      let answer = try await rig.send(
        function, body: #"{"since":0,"max_rows":10}"#, bearer: try await rig.token(for: userA))
      #expect(answer.status == 404, "\(function)")
      #expect(answer.code == "PGRST202", "\(function)")
    }
  }

  @Test func anotherMethodIs405PGRST101AndGETOnSyncPushIs405ReadOnly() async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore())
    let token = try await rig.token(for: userA)
    for method in ["PUT", "PATCH", "DELETE"] {
      let answer = try await rig.send("sync_pull", method: method, body: "{}", bearer: token)
      #expect(answer.status == 405, "\(method)")
      #expect(answer.code == "PGRST101", "\(method)")
      #expect(answer.header("Allow") == "GET, HEAD, POST")
    }
    let push = try await rig.send(
      "sync_push", method: "GET", query: [("changes", "[]")], bearer: token)
    #expect(push.status == 405)
    #expect(push.code == "25006")
    #expect(push.header("Allow") == "POST")
  }

  @Test(arguments: SyncStoreKind.allCases)
  func getCallsSyncPullWithItsArgumentsInTheQuery(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    _ = try await rig.push(
      [change("memories", memoryRow(syncID(1)), clocks: ["content": hlc(1)])], as: userA)
    let token = try await rig.token(for: userA)
    for method in ["GET", "HEAD"] {
      let answer = try await rig.send(
        "sync_pull", method: method, query: [("since", "0"), ("max_rows", "10")], bearer: token)
      #expect(answer.status == 200, "\(method)")
      #expect(answer["changes"]?.arrayValue?.count == 1, "\(method)")
      #expect(answer["next"] == .number(1), "\(method)")
    }
    let repeated = try await rig.send(
      "sync_pull", method: "GET", query: [("since", "0"), ("since", "1"), ("max_rows", "10")],
      bearer: token)
    #expect(repeated.status == 400)
    #expect(repeated.code == "PGRST100")
    await database.close()
  }

  @Test(arguments: [
    "{}", "", #"{"since":0}"#, #"{"since":0,"max_rows":10,"limit":5}"#,
    #"{"since":0,"maxRows":10}"#, #"{"changes":[]}"#,
  ])
  func wrongArgumentNamesAre404PGRST202(body: String) async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore())
    let answer = try await rig.send(
      "sync_pull", body: body, bearer: try await rig.token(for: userA))
    #expect(answer.status == 404)
    #expect(answer.code == "PGRST202")
    #expect(answer["details"] == .string("it takes (since bigint, max_rows integer)"))
  }

  @Test(arguments: [
    (#"{"since":"zero","max_rows":10}"#, "22P02"), (#"{"since":1.5,"max_rows":10}"#, "22P02"),
    (#"{"since":1e3,"max_rows":10}"#, "22P02"), (#"{"since":true,"max_rows":10}"#, "22P02"),
    (#"{"since":[0],"max_rows":10}"#, "22P02"), (#"{"since":0,"max_rows":{}}"#, "22P02"),
    (#"{"since":9223372036854775808,"max_rows":10}"#, "22003"),
    (#"{"since":0,"max_rows":2147483648}"#, "22003"),
    (#"{"since":null,"max_rows":10}"#, "22023"), (#"{"since":0,"max_rows":null}"#, "22023"),
  ])
  func wrongArgumentTypesAre400WithPostgreSQLsCode(body: String, code: String) async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore())
    let answer = try await rig.send(
      "sync_pull", body: body, bearer: try await rig.token(for: userA))
    #expect(answer.status == 400)
    #expect(answer.code == code)
    #expect(answer.log?.refusal == code)
  }

  @Test func wholeNumbersAreReadExactlyAsNumbersOrAsText() async throws {
    let store = RecordingSyncStore(answer: .success("{}"))
    let rig = try SyncRoutesRig(store: store)
    let token = try await rig.token(for: userA)
    let bodies = [
      #"{"max_rows":10,"since":9223372036854775807}"#,
      #"{"since":"9223372036854775807","max_rows":" 10 "}"#,
    ]
    for body in bodies {
      #expect(try await rig.send("sync_pull", body: body, bearer: token).status == 200)
    }
    _ = try await rig.send(
      "sync_pull", method: "GET", query: [("since", "-1"), ("max_rows", "+0")], bearer: token)
    #expect(
      store.calls.map(\.call) == [
        .pull(since: Int64.max, maxRows: 10), .pull(since: Int64.max, maxRows: 10),
        .pull(since: -1, maxRows: 0),
      ])
  }

  @Test(arguments: SyncStoreKind.allCases)
  func outOfBoundArgumentsAreTheStoresRefusal(store kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let rig = try SyncRoutesRig(store: database.store)
    let token = try await rig.token(for: userA)
    for body in [#"{"since":-1,"max_rows":10}"#, #"{"since":0,"max_rows":0}"#] {
      let answer = try await rig.send("sync_pull", body: body, bearer: token)
      #expect(answer.status == 400, "\(body)")
      #expect(answer.code == "22023", "\(body)")
    }
    await database.close()
  }

  @Test func theVerifiedClaimsAndTheChangesTextReachTheStore() async throws {
    let store = RecordingSyncStore(answer: .success(#"{"results":[]}"#))
    let rig = try SyncRoutesRig(store: store)
    let token = try await rig.token(
      sub: userA.uuidString, claims: ["session_id": .string("s-1"), "email": .string("a@b.c")])
    let changes = #"[ {"table":"memories","op":"delete","row":{"id":"x"},"clocks":{}} ]"#
    let answer = try await rig.send(
      "sync_push", body: #"{ "changes" : \#(changes) }"#, bearer: token)
    #expect(answer.status == 200)
    #expect(answer.body == Array(#"{"results":[]}"#.utf8))
    let recorded = try #require(store.calls.first)
    #expect(store.calls.count == 1)
    #expect(recorded.call == .push(changes: changes))
    #expect(recorded.caller.userID == userA)
    let claims = try StrictJSONParser().parseObject(Array(recorded.caller.claims.utf8))
    #expect(claims["sub"] == .string(userA.uuidString))
    #expect(claims["role"] == .string("authenticated"))
    #expect(claims["session_id"] == .string("s-1"))
    #expect(claims["email"] == .string("a@b.c"))
    #expect(claims["iss"] == .string(SyncRoutesRig.issuer))
  }

  @Test func aStoresRefusalPassesThroughWithEveryPart() async throws {
    let refusal = SyncCallError(
      status: 409, code: "23505", message: "duplicate", details: "change 3", hint: "retry")
    let rig = try SyncRoutesRig(store: RecordingSyncStore(answer: .failure(refusal)))
    let answer = try await rig.pull(as: userA)
    #expect(answer.status == 409)
    #expect(
      answer.json
        == .object([
          "code": .string("23505"), "message": .string("duplicate"), "details": .string("change 3"),
          "hint": .string("retry"),
        ]))
    #expect(answer.log?.refusal == "23505")
    #expect(answer.log?.userID == userA.uuidString.lowercased())
  }

  @Test func aMissingOrForeignAPIKeyIs401BeforeAnythingElse() async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore())
    let token = try await rig.token(for: userA)
    let foreign = try JWTSigner(hmacSecret: "another-project-secret-of-32-bytes-or-more").sign(
      claims: ["role": .string("anon"), "exp": .number(2_000_000_000)])
    for apikey in ["", "not-a-key", foreign] {
      let answer = try await rig.send(
        "sync_pull", body: #"{"since":0,"max_rows":10}"#, bearer: token, apikey: apikey)
      #expect(answer.status == 401)
      #expect(answer.code == "no_api_key")
    }
    // The service-role key is one of the project's keys too.
    let service = try await rig.send(
      "sync_unknown", body: "{}", bearer: token, apikey: try await rig.serviceRoleKey)
    #expect(service.code == "PGRST202")
  }

  @Test func aBodyOverTheLimitIs413WithoutAsking() async throws {
    let rig = try SyncRoutesRig(store: UnaskedSyncStore(), maximumBodyBytes: 1_024)
    let changes = "[" + String(repeating: "{},", count: 400) + "{}]"
    let answer = try await rig.send(
      "sync_push", body: #"{"changes":\#(changes)}"#, bearer: try await rig.token(for: userA))
    #expect(answer.status == 413)
    #expect(answer.code == "54000")
    #expect(answer["details"] == .string("at most 1024 bytes"))
  }
}
