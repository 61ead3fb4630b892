import Foundation
import Storage
import TestSupport
import Testing

@testable import Sync

@Suite struct SyncCodecPushTests {
  let codec = SyncCodec()

  private func change(_ item: SyncOutboxItem) throws -> [String: Any] {
    let body = try codec.pushBody([item], account: SyncSamples.account)
    let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    return try #require(changes.first)
  }

  private func upsert(_ record: SyncRecord, clocks: [String: String]) -> SyncOutboxItem {
    SyncOutboxItem(
      table: record.table, id: record.id, operation: .upsert, record: record, deletedAt: nil,
      clocks: clocks, throughEntry: 7)
  }

  @Test func aConversationUpsertCarriesEveryKeyInLowerCaseAndTwentyFourCharacterTimes() throws {
    let clocks = ["title": SyncSamples.clock(), "is_pinned": SyncSamples.clock(3)]
    let change = try change(upsert(.conversation(SyncSamples.conversation(10)), clocks: clocks))
    #expect(change["table"] as? String == "conversations")
    #expect(change["op"] as? String == "upsert")
    #expect(change["clocks"] as? [String: String] == clocks)
    let row = try #require(change["row"] as? [String: Any])
    #expect(
      Set(row.keys) == [
        "id", "user_id", "title", "persona_name", "persona_id", "is_pinned", "is_archived",
        "created_at", "updated_at", "deleted_at", "change_seq", "clocks",
      ])
    #expect(row["id"] as? String == SyncSamples.id(10))
    #expect(row["user_id"] as? String == SyncSamples.account.uuidString.lowercased())
    #expect(row["title"] as? String == "Trip plans")
    #expect(row["persona_name"] as? String == "Coach")
    #expect(row["persona_id"] as? String == "coach")
    #expect(row["is_pinned"] as? Bool == true)
    #expect(row["is_archived"] as? Bool == false)
    #expect(row["created_at"] as? String == SyncSamples.createdText)
    #expect(row["updated_at"] as? String == SyncSamples.updatedText)
    #expect(row["deleted_at"] is NSNull)
    #expect(row["change_seq"] is NSNull)
    #expect(row["clocks"] as? [String: String] == clocks)
  }

  @Test func aMessageUpsertCarriesEveryKey() throws {
    var message = SyncSamples.message(20, in: 10, text: "Line \"one\"\n\ttab \u{1} é 🎉")
    message.parentID = Fixture.uuid(19)
    message.reasoning = "thought"
    let change = try change(upsert(.message(message), clocks: ["body": SyncSamples.clock()]))
    let row = try #require(change["row"] as? [String: Any])
    #expect(
      Set(row.keys) == [
        "id", "user_id", "conversation_id", "parent_id", "role", "content", "status", "model",
        "finish_reason", "prompt_tokens", "completion_tokens", "reasoning", "error_code",
        "created_at", "deleted_at", "change_seq", "clocks",
      ])
    #expect(row["conversation_id"] as? String == SyncSamples.id(10))
    #expect(row["parent_id"] as? String == SyncSamples.id(19))
    #expect(row["role"] as? String == "assistant")
    #expect(row["content"] as? String == message.text)
    #expect(row["status"] as? String == "complete")
    #expect(row["model"] as? String == "m-1")
    #expect(row["finish_reason"] as? String == "stop")
    #expect(row["prompt_tokens"] as? Int == 12)
    #expect(row["completion_tokens"] as? Int == 34)
    #expect(row["reasoning"] as? String == "thought")
    #expect(row["error_code"] is NSNull)
    #expect(row["created_at"] as? String == SyncSamples.createdText)
  }

  @Test func aMemoryUpsertCarriesEveryKey() throws {
    let change = try change(
      upsert(.memory(SyncSamples.memory(30)), clocks: ["content": SyncSamples.clock()]))
    let row = try #require(change["row"] as? [String: Any])
    #expect(
      Set(row.keys) == [
        "id", "user_id", "content", "source", "created_at", "updated_at", "deleted_at",
        "change_seq", "clocks",
      ])
    #expect(row["content"] as? String == "Likes tea")
    #expect(row["source"] as? String == "user")
    #expect(row["updated_at"] as? String == SyncSamples.updatedText)
  }

  @Test(arguments: SyncTable.allCases)
  func aDeleteIsATombstoneWithEveryKey(table: SyncTable) throws {
    let clocks = Dictionary(
      uniqueKeysWithValues: table.mergeKeys.map { ($0, SyncSamples.clock(9)) })
    let item = SyncOutboxItem(
      table: table, id: Fixture.uuid(40), operation: .delete, record: nil,
      deletedAt: SyncSamples.updated, clocks: clocks, throughEntry: 3)
    let change = try change(item)
    #expect(change["op"] as? String == "delete")
    let row = try #require(change["row"] as? [String: Any])
    #expect(row["deleted_at"] as? String == SyncSamples.updatedText)
    #expect(row["id"] as? String == SyncSamples.id(40))
    let expectedKeys: Int
    switch table {
    case .conversations:
      expectedKeys = 12
      #expect(row["title"] as? String == "")
      #expect(row["is_pinned"] is NSNull)
    case .messages:
      expectedKeys = 17
      #expect(row["content"] as? String == "")
      #expect(row["status"] is NSNull)
    case .memories:
      expectedKeys = 9
      #expect(row["content"] as? String == "")
      #expect(row["source"] is NSNull)
    }
    #expect(row.count == expectedKeys)
  }

  @Test func changesKeepTheOrderTheyAreGiven() throws {
    let items = [
      upsert(.conversation(SyncSamples.conversation(1)), clocks: [:]),
      upsert(.message(SyncSamples.message(2, in: 1)), clocks: [:]),
      upsert(.memory(SyncSamples.memory(3)), clocks: [:]),
    ]
    let body = try codec.pushBody(items, account: SyncSamples.account)
    let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.map { $0["table"] as? String } == ["conversations", "messages", "memories"])
  }

  @Test func thePullBodyNamesTheArguments() throws {
    let body = codec.pullBody(since: 17, maxRows: 500)
    #expect(String(decoding: body, as: UTF8.self) == #"{"since":17,"max_rows":500}"#)
  }

  @Test func anUpsertWithoutItsRowIsRefused() {
    let item = SyncOutboxItem(
      table: .conversations, id: Fixture.uuid(1), operation: .upsert, record: nil,
      deletedAt: nil, clocks: [:], throughEntry: 1)
    #expect(throws: SyncWireError.invalidOutboxItem("an upsert without its row")) {
      try codec.pushBody([item], account: SyncSamples.account)
    }
  }

  @Test func aRowOfAnotherIdIsRefused() {
    let item = SyncOutboxItem(
      table: .conversations, id: Fixture.uuid(2), operation: .upsert,
      record: .conversation(SyncSamples.conversation(1)), deletedAt: nil, clocks: [:],
      throughEntry: 1)
    #expect(throws: SyncWireError.self) {
      try codec.pushBody([item], account: SyncSamples.account)
    }
  }

  @Test(arguments: [MessageStatus.sending, .streaming])
  func aMessageStillBeingWrittenIsNeverPushed(status: MessageStatus) {
    var message = SyncSamples.message(2, in: 1)
    message.status = status
    #expect(throws: SyncWireError.self) {
      try codec.pushBody([upsert(.message(message), clocks: [:])], account: SyncSamples.account)
    }
  }

  @Test func whatIsPushedReadsBackAsTheSameRow() throws {
    let records: [SyncRecord] = [
      .conversation(SyncSamples.conversation(1)), .message(SyncSamples.message(2, in: 1)),
      .memory(SyncSamples.memory(3)),
    ]
    for record in records {
      let clocks = [record.table.mergeKeys[0]: SyncSamples.clock()]
      let body = try codec.pushBody([upsert(record, clocks: clocks)], account: SyncSamples.account)
      // The server stores the row as sent and numbers it: answer it back as stored.
      let text = String(decoding: body, as: UTF8.self)
      let row =
        try #require(
          text.range(of: #""row":"#).map { String(text[$0.upperBound...]) }?
            .components(separatedBy: #","clocks":{"#).first
        )
        .replacingOccurrences(of: #""change_seq":null"#, with: #""change_seq":5"#)
        + #","clocks":\#(try clocksJSON(clocks))}"#
      let reply = Data(
        SyncSamples.push([(id: record.id.uuidString, status: "applied", row: row)]).utf8)
      let item = upsert(record, clocks: clocks)
      let results = try codec.decodePushReply(reply, sent: [item])
      #expect(results.first?.row?.record == record)
      #expect(results.first?.row?.clocks == clocks)
      #expect(results.first?.row?.changeSequence == 5)
    }
  }

  private func clocksJSON(_ clocks: [String: String]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: clocks), as: UTF8.self)
  }
}
