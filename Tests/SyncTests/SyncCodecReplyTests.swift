import Foundation
import Storage
import TestSupport
import Testing

@testable import Sync

@Suite struct SyncCodecReplyTests {
  let codec = SyncCodec()

  private func pull(_ text: String, since: Int64 = 0) throws(SyncWireError) -> SyncPullPage {
    try codec.decodePullReply(Data(text.utf8), since: since)
  }

  @Test func aPullReadsEveryTableAndTombstonesInAnyCase() throws {
    let text = SyncSamples.pull(
      [
        ("conversations", SyncSamples.conversationRow(1, seq: 3, uppercase: true)),
        ("messages", SyncSamples.messageRow(2, in: 1, seq: 4)),
        ("memories", SyncSamples.memoryRow(3, seq: 5)),
        ("conversations", SyncSamples.conversationTombstone(4, seq: 6)),
      ], next: 6, hasMore: true)
    let page = try pull(text, since: 2)
    #expect(page.next == 6)
    #expect(page.hasMore)
    #expect(page.rows.map(\.changeSequence) == [3, 4, 5, 6])
    #expect(page.rows[0].record == .conversation(SyncSamples.conversation(1)))
    #expect(page.rows[0].id == Fixture.uuid(1))
    #expect(page.rows[0].clocks == ["title": SyncSamples.clock()])
    #expect(page.rows[1].record == .message(SyncSamples.message(2, in: 1)))
    #expect(page.rows[2].record == .memory(SyncSamples.memory(3)))
    let tombstone = page.rows[3]
    #expect(tombstone.table == .conversations)
    #expect(tombstone.record == nil)
    #expect(tombstone.deletedAt == SyncSamples.updated)
    #expect(tombstone.clocks == ["title": SyncSamples.clock(5)])
  }

  @Test func aReplyOfMillionsOfTinyValuesIsRefusedBeforeDecoding() throws {
    // 64 MiB allow tens of millions of values; each would cost the decoder far more than
    // its two bytes. The count looks past strings, whose commas and brackets are text.
    let flood = #"{"changes":["# + String(repeating: "1,", count: 250_000) + #"1],"next":0}"#
    #expect(throws: SyncWireError.tooManyValues(limit: 200_000)) { try pull(flood) }
    let small = SyncCodec(maximumReplyValues: 5)
    #expect(throws: SyncWireError.tooManyValues(limit: 5)) {
      try small.decodePullReply(Data(#"{"changes":[[],[],[]],"next":0}"#.utf8), since: 0)
    }
    let quoted = #"{"changes":[],"next":0,"has_more":false,"note":"a,b,[c],{d},\",\\"}"#
    // Five values and an empty array, which counts once more; nothing in the string counts.
    #expect(SyncCodec.holdsMoreValues(than: 6, Data(quoted.utf8)) == false)
    #expect(SyncCodec.holdsMoreValues(than: 5, Data(quoted.utf8)))
    // A real page of 500 rows is far below the bound.
    let page = SyncSamples.pull(
      (1...500).map { ("messages", SyncSamples.messageRow($0, in: 1, seq: Int64($0))) },
      next: 500)
    #expect(try pull(page).rows.count == 500)
  }

  @Test func anEmptyPageKeepsTheCursor() throws {
    let page = try pull(SyncSamples.pull([], next: 9), since: 9)
    #expect(page == SyncPullPage(rows: [], next: 9, hasMore: false))
  }

  @Test func anUnknownMemorySourceIsKeptAsUnknown() throws {
    let row = SyncSamples.memoryRow(3, seq: 1).replacingOccurrences(
      of: #""source":"user""#, with: #""source":"import""#)
    let page = try pull(SyncSamples.pull([("memories", row)], next: 1))
    guard case .memory(let memory) = page.rows.first?.record else {
      Issue.record("expected a memory")
      return
    }
    #expect(memory.source == nil)
  }

  /// Each case breaks one thing of a valid pull of one conversation at `change_seq` 3.
  static let brokenConversations: [(String, String, SyncWireError)] = [
    (#""title":"Trip plans","#, "", .missingKey("changes[0].row.title")),
    (#""deleted_at":null,"#, "", .missingKey("changes[0].row.deleted_at")),
    (
      #""is_pinned":true"#, #""is_pinned":"true""#,
      .wrongType("changes[0].row.is_pinned", expected: "a boolean")
    ),
    (
      #""is_pinned":true"#, #""is_pinned":null"#,
      .wrongType("changes[0].row.is_pinned", expected: "a boolean")
    ),
    (
      #""change_seq":3"#, #""change_seq":"3""#,
      .wrongType("changes[0].row.change_seq", expected: "an integer")
    ),
    (
      #""change_seq":3"#, #""change_seq":0"#,
      .invalidValue("changes[0].row.change_seq", reason: "not positive")
    ),
    (
      #""title":"Trip plans""#, #""title":7"#,
      .wrongType("changes[0].row.title", expected: "a string")
    ),
    (SyncSamples.id(1), "not-a-uuid", .invalidValue("changes[0].row.id", reason: "not a UUID")),
    (
      SyncSamples.createdText, "2026-06-01T12:00:00Z",
      .invalidValue("changes[0].row.created_at", reason: "not a 24-character UTC time")
    ),
    (
      SyncSamples.clock(), "1-2-3",
      .invalidValue("changes[0].row.clocks.title", reason: "not a clock value")
    ),
    (
      #"{"title":"#, #"{"colour":"#,
      .invalidValue("changes[0].row.clocks", reason: "unknown merge key colour")
    ),
    (
      #""title":"Trip plans""#, #""title":"\#(String(repeating: "x", count: 1001))""#,
      .invalidValue("changes[0].row.title", reason: "longer than 1000 characters")
    ),
  ]

  @Test(arguments: 0..<brokenConversations.count)
  func aBrokenRowRefusesThePageNamingTheKey(index: Int) {
    let (original, replacement, expected) = Self.brokenConversations[index]
    let row = SyncSamples.conversationRow(1, seq: 3)
    #expect(row.contains(original))
    let broken = row.replacingOccurrences(of: original, with: replacement)
    let text = SyncSamples.pull(
      [("messages", SyncSamples.messageRow(2, in: 1, seq: 2)), ("conversations", broken)],
      next: 3)
    let shifted: SyncWireError
    switch expected {
    case .missingKey(let path):
      shifted = .missingKey(path.replacingOccurrences(of: "[0]", with: "[1]"))
    case .wrongType(let path, let type):
      shifted = .wrongType(path.replacingOccurrences(of: "[0]", with: "[1]"), expected: type)
    case .invalidValue(let path, let reason):
      shifted = .invalidValue(path.replacingOccurrences(of: "[0]", with: "[1]"), reason: reason)
    default: shifted = expected
    }
    #expect(throws: shifted) { try pull(text) }
  }

  @Test(arguments: ["sending", "streaming", "done"])
  func aMessageThatIsNotFinishedIsRefused(status: String) {
    let row = SyncSamples.messageRow(2, in: 1, seq: 1).replacingOccurrences(
      of: #""status":"complete""#, with: #""status":"\#(status)""#)
    #expect(
      throws: SyncWireError.invalidValue(
        "changes[0].row.status", reason: "not complete, failed or cancelled")
    ) { try pull(SyncSamples.pull([("messages", row)], next: 1)) }
  }

  @Test func aNegativeTokenCountIsRefused() {
    let row = SyncSamples.messageRow(2, in: 1, seq: 1).replacingOccurrences(
      of: #""prompt_tokens":12"#, with: #""prompt_tokens":-1"#)
    #expect(throws: SyncWireError.invalidValue("changes[0].row.prompt_tokens", reason: "negative"))
    {
      try pull(SyncSamples.pull([("messages", row)], next: 1))
    }
  }

  @Test func anUnknownTableIsRefused() {
    let text = SyncSamples.pull([("profiles", SyncSamples.memoryRow(3, seq: 1))], next: 1)
    #expect(throws: SyncWireError.unknownTable("changes[0].table")) { try pull(text) }
  }

  @Test func aTombstoneStillNeedsEveryKey() {
    let row = SyncSamples.conversationTombstone(4, seq: 1).replacingOccurrences(
      of: #""is_archived":null,"#, with: "")
    #expect(throws: SyncWireError.missingKey("changes[0].row.is_archived")) {
      try pull(SyncSamples.pull([("conversations", row)], next: 1))
    }
  }

  @Test(arguments: [
    (
      #"{"changes":[],"next":4,"has_more":false}"#, Int64(5),
      SyncWireError.cursorWentBackwards(since: 5, next: 4)
    ),
    (
      #"{"changes":[],"next":5,"has_more":true}"#, Int64(5), .cursorWentBackwards(since: 5, next: 5)
    ),
    (#"{"changes":[],"next":5}"#, Int64(0), .missingKey("has_more")),
    (
      #"{"changes":{},"next":5,"has_more":false}"#, Int64(0),
      .wrongType("changes", expected: "an array")
    ),
    (#"[]"#, Int64(0), .wrongType("the reply", expected: "an object")),
    (#"{"changes":[],"next":5,"has_more":false"#, Int64(0), .notJSON),
    ("", Int64(0), .notJSON),
  ])
  func aBrokenPageIsRefused(text: String, since: Int64, expected: SyncWireError) {
    #expect(throws: expected) { try pull(text, since: since) }
  }

  @Test func rowsOutsideThePageOrOutOfOrderAreRefused() {
    let beyond = SyncSamples.pull([("memories", SyncSamples.memoryRow(3, seq: 8))], next: 7)
    #expect(throws: SyncWireError.changeOutOfPage("changes[0].row", changeSequence: 8)) {
      try pull(beyond)
    }
    let old = SyncSamples.pull([("memories", SyncSamples.memoryRow(3, seq: 2))], next: 7)
    #expect(throws: SyncWireError.changeOutOfPage("changes[0].row", changeSequence: 2)) {
      try pull(old, since: 2)
    }
    let backwards = SyncSamples.pull(
      [
        ("memories", SyncSamples.memoryRow(3, seq: 5)),
        ("memories", SyncSamples.memoryRow(4, seq: 4)),
      ], next: 7)
    #expect(throws: SyncWireError.changeOutOfPage("changes[1].row", changeSequence: 4)) {
      try pull(backwards)
    }
  }

  @Test func aReplyOverTheLimitIsRefusedBeforeReading() {
    let small = SyncCodec(maximumReplyBytes: 64)
    let text = SyncSamples.pull([("memories", SyncSamples.memoryRow(3, seq: 1))], next: 1)
    #expect(throws: SyncWireError.tooLarge(limit: 64)) {
      try small.decodePullReply(Data(text.utf8), since: 0)
    }
  }

  // MARK: - Push answers

  private func items(_ count: Int) -> [SyncOutboxItem] {
    (1...count).map { n in
      SyncOutboxItem(
        table: .memories, id: Fixture.uuid(n), operation: .upsert,
        record: .memory(SyncSamples.memory(n)), deletedAt: nil,
        clocks: ["content": SyncSamples.clock()], throughEntry: Int64(n))
    }
  }

  @Test func aPushAnswerReadsEachResultAsARowOfItsChangesTable() throws {
    let sent =
      [
        SyncOutboxItem(
          table: .conversations, id: Fixture.uuid(1), operation: .upsert,
          record: .conversation(SyncSamples.conversation(1)), deletedAt: nil, clocks: [:],
          throughEntry: 1)
      ] + items(3).dropFirst()
    let reply = SyncSamples.push([
      (
        id: SyncSamples.id(1).uppercased(), status: "merged",
        row: SyncSamples.conversationRow(1, seq: 9)
      ),
      (id: SyncSamples.id(2), status: "applied", row: SyncSamples.memoryRow(2, seq: 10)),
      (id: SyncSamples.id(3), status: "stale", row: nil),
    ])
    let results = try codec.decodePushReply(Data(reply.utf8), sent: sent)
    #expect(results.map(\.status) == [.merged, .applied, .stale])
    #expect(results[0].row?.record == .conversation(SyncSamples.conversation(1)))
    #expect(results[1].row?.changeSequence == 10)
    #expect(results[2].row == nil)
  }

  @Test func anAnswerWithAnotherNumberOfResultsIsRefused() {
    let reply = SyncSamples.push([(id: SyncSamples.id(1), status: "applied", row: nil)])
    #expect(throws: SyncWireError.resultCountMismatch(sent: 2, received: 1)) {
      try codec.decodePushReply(Data(reply.utf8), sent: items(2))
    }
  }

  @Test func anAnswerForAnotherRowIsRefused() {
    let reply = SyncSamples.push([
      (id: SyncSamples.id(1), status: "applied", row: nil),
      (id: SyncSamples.id(1), status: "applied", row: nil),
    ])
    #expect(throws: SyncWireError.resultMismatch(index: 1)) {
      try codec.decodePushReply(Data(reply.utf8), sent: items(2))
    }
    let wrongRow = SyncSamples.push([
      (id: SyncSamples.id(1), status: "applied", row: SyncSamples.memoryRow(2, seq: 1))
    ])
    #expect(throws: SyncWireError.resultMismatch(index: 0)) {
      try codec.decodePushReply(Data(wrongRow.utf8), sent: items(1))
    }
  }

  @Test func anUnknownStatusIsRefused() {
    let reply = SyncSamples.push([(id: SyncSamples.id(1), status: "ok", row: nil)])
    #expect(
      throws: SyncWireError.invalidValue(
        "results[0].status", reason: "not applied, merged or stale")
    ) { try codec.decodePushReply(Data(reply.utf8), sent: items(1)) }
  }

  @Test func aResultRowOfTheWrongShapeIsRefused() {
    let reply = SyncSamples.push([
      (id: SyncSamples.id(1), status: "applied", row: SyncSamples.conversationRow(1, seq: 1))
    ])
    #expect(
      throws: SyncWireError.invalidValue("results[0].row.clocks", reason: "unknown merge key title")
    ) {
      try codec.decodePushReply(Data(reply.utf8), sent: items(1))
    }
  }
}
