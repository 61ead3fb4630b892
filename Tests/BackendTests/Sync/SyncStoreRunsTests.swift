import Foundation
import TestSupport
import Testing

@testable import Backend

/// Pushes made mostly of new messages, the shape of a device's first sync. PostgreSQL's
/// `sync_push` stores consecutive plain new messages with one statement
/// (`supabase/migrations/20261207000002_sync_push_runs.sql`) and everything else one change
/// at a time; the answers must be those of taking every change in turn, which the SQLite
/// store does.
@Suite("SyncStore runs of new messages")
struct SyncStoreRunsTests {
  typealias Generator = SeededGenerator

  /// An id both users' messages may use; `userB` holds the first few before `userA` pushes.
  static func sharedMessageID(_ number: Int) -> UUID { syncID(number, prefix: "eeeeeeee") }

  static let otherUsersConversation = syncID(900, prefix: "bbbbbbbb")

  /// `userB`'s messages under ids `userA` will also send: invisible to A, so A's are stale.
  static func otherUsersMessages() -> [SyncJSON] {
    [change("conversations", conversationRow(otherUsersConversation), clocks: ["title": hlc(1)])]
      + [0, 5, 9, 14].map { number in
        change(
          "messages", messageRow(sharedMessageID(number), in: otherUsersConversation),
          clocks: ["body": hlc(1)])
      }
  }

  /// A created time that is sometimes late in a month, sometimes a day only some years have.
  static func createdTime(using generator: inout Generator) -> String {
    let times = [
      "2026-12-31T23:59:59.999Z", "2024-02-29T08:00:00.000Z", "2026-04-30T12:00:00.000Z",
      "2026-01-29T00:00:00.000Z", "0001-01-01T00:00:00.000Z", "2026-06-30T23:59:60.000Z",
    ]
    return Int.random(in: 0..<3, using: &generator) == 0
      ? times.randomElement(using: &generator) ?? times[0]
      : wireTime(Double(Int.random(in: 0...86_400, using: &generator)))
  }

  /// A new message of conversation `conversation` under `id`, in one of the forms a client
  /// may send. Conversations 0-2 are made first and stay, 3-5 come and go, 6 is never made.
  static func newMessage(
    _ id: UUID, conversation: Int, using generator: inout Generator
  ) -> SyncJSON {
    var row = messageRow(
      id, in: syncID(conversation), content: "m-\(id.uuidString.suffix(4))", created: 0)
    row["created_at"] = .string(createdTime(using: &generator))
    var clocks = ["body": hlc(Int.random(in: 1...50, using: &generator))]
    switch Int.random(in: 0..<12, using: &generator) {
    case 0: row["id"] = .string(id.uuidString.lowercased())
    case 1: row["prompt_tokens"] = .number(12)
    case 2: row["completion_tokens"] = .number(4.0)
    case 3: row["finish_reason"] = .string("stop")
    case 4: clocks = [:]
    case 5: row["parent_id"] = .string(syncID(3).uuidString)
    case 6: row["reasoning"] = .string("because")
    case 7: row["status"] = .string("cancelled")
    default: break
    }
    return change("messages", row, clocks: clocks)
  }

  /// One push of `userA`'s: mostly new messages, with conversations made and deleted, ids
  /// named twice, ids `userB` holds, and later changes of earlier messages between them.
  static func batch(
    using generator: inout Generator, next: inout Int, sent: inout [UUID]
  ) -> [SyncJSON] {
    var changes: [SyncJSON] = []
    for _ in 0..<Int.random(in: 1...40, using: &generator) {
      let conversation = Int.random(in: 0...6, using: &generator)
      switch Int.random(in: 0..<20, using: &generator) {
      case 0, 1:
        changes.append(
          change(
            "conversations", conversationRow(syncID(min(conversation, 5))),
            clocks: ["title": hlc(Int.random(in: 1...50, using: &generator))]))
      case 2:
        changes.append(
          change(
            "conversations", "delete", conversationRow(syncID(3 + conversation % 3), deleted: 9),
            clocks: [:]))
      case 3 where !sent.isEmpty:
        let id = sent.randomElement(using: &generator) ?? sharedMessageID(0)
        changes.append(
          change(
            "messages", messageRow(id, in: syncID(conversation), content: "again"),
            clocks: ["body": hlc(Int.random(in: 1...80, using: &generator))]))
      case 4 where !sent.isEmpty:
        let id = sent.randomElement(using: &generator) ?? sharedMessageID(0)
        changes.append(
          change(
            "messages", "delete", messageRow(id, in: syncID(conversation), deleted: 9),
            clocks: [:]))
      case 5 where !sent.isEmpty:
        // The same id again, often within this batch.
        let id = sent.last ?? sharedMessageID(0)
        changes.append(newMessage(id, conversation: conversation, using: &generator))
      default:
        let id = sharedMessageID(next)
        next += 1
        sent.append(id)
        changes.append(newMessage(id, conversation: conversation, using: &generator))
      }
    }
    return changes
  }

  /// The answer to a push, or its refusal.
  static func answer(_ changes: [SyncJSON], in database: SyncDatabase) async throws -> SyncJSON {
    do {
      return try await database.push(changes, as: userA)
    } catch let refusal as SyncCallError {
      return .string("refused \(refusal.code) \(refusal.details ?? "-"): \(refusal.message)")
    }
  }

  /// Where two answers part: the first result that differs, both ways, or the refusals.
  static func firstDifference(_ first: SyncJSON, _ second: SyncJSON) -> String {
    let left = first["results"]?.arrayValue ?? [first]
    let right = second["results"]?.arrayValue ?? [second]
    for index in 0..<max(left.count, right.count) {
      let one = index < left.count ? left[index] : .null
      let other = index < right.count ? right[index] : .null
      if one != other { return "change \(index): SQLite \(one), PostgreSQL \(other)" }
    }
    return "none"
  }

  @Test(arguments: Array(UInt64(1)...UInt64(6)))
  func bothStoresAnswerPushesOfNewMessagesAlike(seed: UInt64) async throws {
    let sqlite = try await SyncDatabase.make(.sqlite)
    let postgres = try await SyncDatabase.make(.postgres)
    let conversations = (0..<3).map { number in
      change("conversations", conversationRow(syncID(number)), clocks: ["title": hlc(1)])
    }
    for database in [sqlite, postgres] {
      _ = try await database.push(Self.otherUsersMessages(), as: userB)
      _ = try await database.push(conversations, as: userA)
    }
    var generator = Generator(state: seed)
    var next = 0
    var sent: [UUID] = []
    var applied = 0
    for round in 0..<12 {
      let changes = Self.batch(using: &generator, next: &next, sent: &sent)
      let fromSQLite = try await Self.answer(changes, in: sqlite)
      let fromPostgres = try await Self.answer(changes, in: postgres)
      #expect(
        fromSQLite == fromPostgres,
        "seed \(seed), push \(round): \(Self.firstDifference(fromSQLite, fromPostgres))")
      applied +=
        (fromPostgres["results"]?.arrayValue ?? []).filter {
          $0["status"] == .string("applied")
        }.count
    }
    #expect(applied > 60, "the history stores new messages")
    let rows = try await postgres.allRows(of: userA)
    #expect(try await sqlite.allRows(of: userA) == rows)
    // Every stored change took the next number: no gaps, none twice.
    let numbers = rows.compactMap { $0["row"]?["change_seq"]?.numberValue }
    #expect(numbers.sorted() == numbers && Set(numbers).count == numbers.count)
    await sqlite.close()
    await postgres.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aNewMessageUnderAnIDAnotherUserHoldsIsStaleAndTakesNoNumber(
    kind: SyncStoreKind
  ) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(Self.otherUsersMessages(), as: userB)
    _ = try await database.push(
      [change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])],
      as: userA)
    let ids = [Self.sharedMessageID(100), Self.sharedMessageID(0), Self.sharedMessageID(101)]
    let results = try await database.results(
      ids.map { id in
        change("messages", messageRow(id, in: syncID(1)), clocks: ["body": hlc(2)])
      }, as: userA)
    #expect(
      results.map { $0["status"] } == [.string("applied"), .string("stale"), .string("applied")])
    #expect(results[1]["row"] == .null)
    #expect(results.map { $0["row"]?["change_seq"] } == [.number(2), nil, .number(3)])
    let pulled = try await database.pull(since: 0, as: userA)
    #expect(pulled["next"] == .number(3))
    #expect(pulled["changes"]?.arrayValue?.count == 3)
    // The next push goes on from there.
    let after = try await database.results(
      [change("messages", messageRow(syncID(50), in: syncID(1)), clocks: ["body": hlc(3)])],
      as: userA)
    #expect(after.first?["row"]?["change_seq"] == .number(4))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aRefusedChangeAfterNewMessagesStoresNothingAndIsNamed(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push(
      [change("conversations", conversationRow(syncID(1)), clocks: ["title": hlc(1)])],
      as: userA)
    var bad = messageRow(syncID(60), in: syncID(1))
    bad["created_at"] = .string("2025-02-29T00:00:00.000Z")
    let changes =
      (10..<14).map { number in
        change("messages", messageRow(syncID(number), in: syncID(1)), clocks: ["body": hlc(2)])
      } + [change("messages", bad, clocks: ["body": hlc(2)])]
    let refusal = try await database.pushRefusal(changes, as: userA)
    #expect(refusal?.code == "22007")
    #expect(refusal?.details == "changes[4]")
    #expect(try await database.allRows(of: userA).count == 1)
    await database.close()
  }
}
