import Foundation
import Testing

@testable import Backend

/// Every bound and malformed change of docs/SYNC.md §1 refuses the whole push with its
/// SQLSTATE, status 400, and the change's index in `details`.
@Suite("SyncStore bounds")
struct SyncStoreBoundsTests {
  /// A case: what is wrong, the change, and the SQLSTATE it gets.
  struct BadChange: Sendable, CustomStringConvertible {
    let description: String
    let change: SyncJSON
    let code: String
  }

  static func conversation(_ edit: (inout [String: SyncJSON]) -> Void) -> SyncJSON {
    var row = conversationRow(syncID(7))
    edit(&row)
    return change("conversations", row, clocks: ["title": hlc(1)])
  }

  static func message(_ edit: (inout [String: SyncJSON]) -> Void) -> SyncJSON {
    var row = messageRow(syncID(8), in: syncID(1))
    edit(&row)
    return change("messages", row, clocks: ["body": hlc(1)])
  }

  static func memory(_ edit: (inout [String: SyncJSON]) -> Void) -> SyncJSON {
    var row = memoryRow(syncID(9))
    edit(&row)
    return change("memories", row, clocks: ["content": hlc(1)])
  }

  static func long(_ count: Int) -> SyncJSON { .string(String(repeating: "é", count: count)) }

  static let cases: [BadChange] = [
    BadChange(
      description: "title over 1000", change: conversation { $0["title"] = long(1001) },
      code: "22023"),
    BadChange(
      description: "persona_name over 1000",
      change: conversation { $0["persona_name"] = long(1001) },
      code: "22023"),
    BadChange(
      description: "persona_id over 1000", change: conversation { $0["persona_id"] = long(1001) },
      code: "22023"),
    BadChange(
      description: "message content over 1,000,000",
      change: message { $0["content"] = long(1_000_001) }, code: "22023"),
    BadChange(
      description: "reasoning over 1,000,000",
      change: message { $0["reasoning"] = long(1_000_001) },
      code: "22023"),
    BadChange(
      description: "memory content over 100,000", change: memory { $0["content"] = long(100_001) },
      code: "22023"),
    BadChange(
      description: "model over 200", change: message { $0["model"] = long(201) }, code: "22023"),
    BadChange(
      description: "finish_reason over 200", change: message { $0["finish_reason"] = long(201) },
      code: "22023"),
    BadChange(
      description: "error_code over 200", change: message { $0["error_code"] = long(201) },
      code: "22023"),
    BadChange(
      description: "source over 200", change: memory { $0["source"] = long(201) }, code: "22023"),
    BadChange(
      description: "status over 200", change: message { $0["status"] = long(201) }, code: "22023"),
    BadChange(
      description: "role over 200", change: message { $0["role"] = long(201) }, code: "22023"),
    BadChange(
      description: "empty role", change: message { $0["role"] = .string("") }, code: "22023"),
    BadChange(
      description: "a reply being written", change: message { $0["status"] = .string("streaming") },
      code: "22023"),
    BadChange(description: "no status", change: message { $0["status"] = .null }, code: "22023"),
    BadChange(
      description: "title not a string", change: conversation { $0["title"] = .number(3) },
      code: "22023"),
    BadChange(
      description: "is_pinned not a boolean",
      change: conversation { $0["is_pinned"] = .string("yes") },
      code: "22023"),
    BadChange(
      description: "fractional tokens", change: message { $0["prompt_tokens"] = .number(1.5) },
      code: "22023"),
    BadChange(
      description: "negative tokens", change: message { $0["completion_tokens"] = .number(-1) },
      code: "22023"),
    BadChange(
      description: "a malformed clock",
      change: change("memories", memoryRow(syncID(9)), clocks: ["content": "1-2-3"]), code: "22023"),
    BadChange(
      description: "an upper-case device in a clock",
      change: change("memories", memoryRow(syncID(9)), clocks: ["content": hlc(1).uppercased()]),
      code: "22023"),
    BadChange(
      description: "an unknown merge key",
      change: change("memories", memoryRow(syncID(9)), clocks: ["title": hlc(1)]), code: "22023"),
    BadChange(
      description: "an unknown table", change: change("users", memoryRow(syncID(9))), code: "22023"),
    BadChange(
      description: "an unknown op", change: change("memories", "merge", memoryRow(syncID(9))),
      code: "22023"),
    BadChange(description: "not an object", change: .array([]), code: "22023"),
    BadChange(
      description: "no row",
      change: .object(["table": .string("memories"), "op": .string("upsert")]), code: "22023"),
    BadChange(
      description: "clocks not an object",
      change: .object([
        "table": .string("memories"), "op": .string("upsert"), "row": .object(memoryRow(syncID(9))),
        "clocks": .array([]),
      ]), code: "22023"),
    BadChange(description: "no id", change: memory { $0["id"] = nil }, code: "22023"),
    BadChange(description: "a bad id", change: memory { $0["id"] = .string("42") }, code: "22P02"),
    BadChange(
      description: "a bad conversation id",
      change: message { $0["conversation_id"] = .string("x") }, code: "22P02"),
    BadChange(
      description: "a time without milliseconds",
      change: memory { $0["created_at"] = .string("2026-12-02T10:07:54Z") }, code: "22007"),
    BadChange(
      description: "a time in another zone",
      change: memory { $0["updated_at"] = .string("2026-12-02T10:07:54.123+01") }, code: "22007"),
    BadChange(
      description: "a time that does not exist",
      change: memory { $0["created_at"] = .string("2026-13-45T10:07:54.123Z") }, code: "22007"),
  ]

  @Test(arguments: SyncStoreKind.allCases, cases)
  func aMalformedChangeRefusesThePushNamingItsIndex(
    kind: SyncStoreKind, bad: BadChange
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(
      [change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])],
      as: userA)
    let refusal = try await database.pushRefusal(
      [change("memories", memoryRow(syncID(20)), clocks: ["content": hlc(1)]), bad.change],
      as: userA)
    #expect(refusal?.status == 400)
    #expect(refusal?.code == bad.code)
    #expect(refusal?.details == "changes[1]")
    #expect(refusal?.message.isEmpty == false)
    #expect(try await database.allRows(of: userA).count == 1)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases) func theLongestValuesEveryBoundAllowsAreStored(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    var conversation = conversationRow(syncID(1))
    conversation["title"] = Self.long(1000)
    conversation["persona_name"] = Self.long(1000)
    var message = messageRow(syncID(2), in: syncID(1))
    message["content"] = Self.long(1_000_000)
    message["model"] = Self.long(200)
    var memory = memoryRow(syncID(3))
    memory["content"] = Self.long(100_000)
    let results = try await database.results(
      [
        change("conversations", conversation, clocks: ["title": hlc(1)]),
        change("messages", message, clocks: ["body": hlc(1)]),
        change("memories", memory, clocks: ["content": hlc(1)]),
      ], as: userA)
    #expect(results.map { $0["status"] } == Array(repeating: .string("applied"), count: 3))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func fiveHundredChangesAreAcceptedAndFiveHundredAndOneRefused(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let changes = (0..<501).map {
      change("memories", memoryRow(syncID($0 + 1)), clocks: ["content": hlc(1)])
    }
    let refusal = try await database.pushRefusal(changes, as: userA)
    #expect(refusal?.status == 400)
    #expect(refusal?.code == "22023")
    #expect(try await database.results(Array(changes.prefix(500)), as: userA).count == 500)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases, [#"{"a":1}"#, "3", "null", "not json"])
  func changesThatAreNotAnArrayAreRefused(kind: SyncStoreKind, text: String) async throws {
    let database = try await SyncDatabase.make(kind)
    let error = await #expect(throws: SyncCallError.self) {
      try await database.store.perform(.push(changes: text), as: caller(userA))
    }
    #expect(error?.status == 400)
    #expect(error?.code.hasPrefix("22") == true)
    await database.close()
  }
}

/// Times at the edges of the calendar, read alike by both stores: PostgreSQL's own
/// `timestamptz` input decides, and the SQLite store must agree.
@Suite("SyncStore wire times")
struct SyncStoreWireTimeTests {
  /// A time a change sends, and what the store answers (`nil`: refused with 22007).
  static let cases: [(sent: String, stored: String?)] = [
    ("2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"),
    ("2023-02-29T00:00:00.000Z", nil),
    ("2100-02-29T00:00:00.000Z", nil),
    ("2000-02-29T12:00:00.000Z", "2000-02-29T12:00:00.000Z"),
    ("2026-12-31T24:00:00.000Z", "2027-01-01T00:00:00.000Z"),
    ("2026-12-31T24:00:00.001Z", nil),
    ("2026-06-30T23:59:60.000Z", "2026-07-01T00:00:00.000Z"),
    ("2026-06-30T23:59:60.250Z", nil),
    ("2026-12-02T10:07:60.500Z", "2026-12-02T10:08:00.500Z"),
    ("2026-12-31T23:58:60.999Z", "2026-12-31T23:59:00.999Z"),
    ("9999-12-31T24:00:00.000Z", nil),
    ("9999-12-31T23:59:60.000Z", nil),
    ("2026-06-30T23:59:61.000Z", nil),
    ("2026-06-30T23:60:00.000Z", nil),
    ("2026-04-31T00:00:00.000Z", nil),
    ("0000-01-01T00:00:00.000Z", nil),
    ("0001-01-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z"),
    ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
    ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ("2026-1-01T00:00:00.000Z", nil),
  ]

  @Test(arguments: SyncStoreKind.allCases, cases.indices)
  func aTimeIsStoredAsPostgreSQLReadsItOrRefused(kind: SyncStoreKind, index: Int) async throws {
    let (sent, stored) = Self.cases[index]
    let database = try await SyncDatabase.make(kind)
    var row = memoryRow(syncID(1))
    row["created_at"] = .string(sent)
    row["updated_at"] = .string(sent)
    let changes = [change("memories", row, clocks: ["content": hlc(1)])]
    if let stored {
      let results = try await database.results(changes, as: userA)
      #expect(results.first?["row"]?["created_at"] == .string(stored))
    } else {
      let refusal = try await database.pushRefusal(changes, as: userA)
      #expect(refusal?.code == "22007")
      #expect(refusal?.details == "changes[0]")
    }
    await database.close()
  }

  /// The same for a new message, which PostgreSQL may store in a run of plain ones: a time
  /// that run does not vouch for goes the long way and is read, or refused, as above.
  @Test(arguments: SyncStoreKind.allCases, cases.indices)
  func aNewMessagesTimeIsStoredAsPostgreSQLReadsItOrRefused(
    kind: SyncStoreKind, index: Int
  ) async throws {
    let (sent, stored) = Self.cases[index]
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(
      [change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])],
      as: userA)
    var row = messageRow(syncID(2), in: syncID(1))
    row["created_at"] = .string(sent)
    let changes = [
      change("messages", messageRow(syncID(3), in: syncID(1)), clocks: ["body": hlc(1)]),
      change("messages", row, clocks: ["body": hlc(1)]),
    ]
    if let stored {
      let results = try await database.results(changes, as: userA)
      #expect(results.last?["row"]?["created_at"] == .string(stored))
    } else {
      let refusal = try await database.pushRefusal(changes, as: userA)
      #expect(refusal?.code == "22007")
      #expect(refusal?.details == "changes[1]")
    }
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aNulCharacterInAnyTextIsRefusedAsPostgreSQLsTextCannotHoldIt(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let refusal = try await database.pushRefusal(
      [change("memories", memoryRow(syncID(1), content: "a\u{0}b"), clocks: ["content": hlc(1)])],
      as: userA)
    #expect(refusal?.status == 400)
    #expect(refusal?.code == "22P05")
    #expect(try await database.allRows(of: userA).isEmpty)
    await database.close()
  }

  /// PostgreSQL refuses U+0000 anywhere in the argument, before it reads any change: in a
  /// field no rule reads, in an id, a clock, a key, and after a change that is wrong itself.
  @Test(
    arguments: SyncStoreKind.allCases,
    [
      #"[{"table":"memories","op":"upsert","row":{"id":"c0ffee00-0000-4000-8000-000000000001","note":"\u0000"}}]"#,
      #"[{"table":"memories","op":"upsert","row":{"id":"c0ffee00-0000-4000-8000-00000000000\u0000"}}]"#,
      #"[{"table":"memories","op":"upsert","row":{"id":"c0ffee00-0000-4000-8000-000000000001"},"clocks":{"content":"\u0000"}}]"#,
      #"[{"table":"memories","op":"upsert","row":{"id":"c0ffee00-0000-4000-8000-000000000001","a\u0000":1}}]"#,
      #"[{"table":"memories","op":"bogus","row":{}},{"table":"memories","op":"upsert","row":{"content":"a\u0000"}}]"#,
    ])
  func aNulAnywhereRefusesTheWholePushBeforeAnyChangeIsRead(
    kind: SyncStoreKind, text: String
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    let error = await #expect(throws: SyncCallError.self) {
      try await database.store.perform(.push(changes: text), as: caller(userA))
    }
    #expect(error?.status == 400)
    #expect(error?.code == "22P05")
    #expect(error?.details?.hasPrefix("changes[") != true)
    #expect(try await database.allRows(of: userA).isEmpty)
    await database.close()
  }
}
