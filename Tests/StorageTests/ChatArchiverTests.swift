import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct ChatArchiverTests {
  /// Two conversations with a branch, usage fields and sub-second dates.
  private func populate(_ harness: ChatHarness) async throws -> [ConversationDTO] {
    let base = Fixture.referenceDate.addingTimeInterval(0.123)
    let first = ConversationDTO(
      id: Fixture.uuid(10), title: "Birds", personaName: "Guide", personaID: "guide",
      createdAt: base, updatedAt: base.addingTimeInterval(30), isPinned: true)
    var reply = makeMessage(
      2, in: first.id, at: base.addingTimeInterval(2), parent: messageID(1), role: .assistant,
      text: "A heron.\nGrey, tall.", onPath: false)
    reply.model = "model-a"
    reply.finishReason = "stop"
    reply.promptTokens = 11
    reply.completionTokens = 4
    reply.reasoning = "Long legs"
    var regenerated = makeMessage(
      3, in: first.id, at: base.addingTimeInterval(3), parent: messageID(1), role: .assistant,
      text: "Probably a heron.")
    regenerated.status = .cancelled
    regenerated.errorCode = "cancelled"
    try await harness.conversations.insert(
      first,
      messages: [makeMessage(1, in: first.id, at: base, text: "What bird?"), reply, regenerated])
    let second = ConversationDTO(
      id: Fixture.uuid(11), title: "Archived", createdAt: base, updatedAt: base,
      isArchived: true)
    try await harness.conversations.insert(second, messages: [])
    return [first, second]
  }

  private func archiver(_ harness: ChatHarness) -> ChatArchiver {
    ChatArchiver(
      conversations: harness.conversations, messages: harness.messages,
      clock: .fixed(Fixture.referenceDate))
  }

  @Test(arguments: Backend.allCases, Backend.allCases)
  func jsonRoundTripIsLossless(from source: Backend, to target: Backend) async throws {
    var json = Data()
    var expected: [(ConversationDTO, [MessageDTO])] = []
    try await ChatHarness.run(source) { harness in
      for conversation in try await populate(harness) {
        expected.append(
          (
            try #require(try await harness.conversations.get(id: conversation.id)),
            try await harness.messages.allMessages(conversationID: conversation.id)
          ))
      }
      json = try await archiver(harness).exportJSON()
    }
    try await ChatHarness.run(target) { harness in
      let report = try await archiver(harness).importJSON(json)
      #expect(report.imported == [Fixture.uuid(10), Fixture.uuid(11)])
      for (conversation, messages) in expected {
        #expect(try await harness.conversations.get(id: conversation.id) == conversation)
        #expect(try await harness.messages.allMessages(conversationID: conversation.id) == messages)
      }
      #expect(try await archiver(harness).exportJSON() == json)
    }
  }

  @Test(arguments: Backend.allCases)
  func theArchiveFormatIsDocumentedJSON(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      _ = try await populate(harness)
      let json = try await archiver(harness).exportJSON(conversationIDs: [Fixture.uuid(10)])
      let text = String(decoding: json, as: UTF8.self)
      #expect(text.contains(#""format" : "kiln.chat-archive""#))
      #expect(text.contains(#""version" : 2"#))
      #expect(text.contains(#""exported_at" : "2026-06-01T12:00:00.000Z""#))
      #expect(text.contains(#""created_at" : "2026-06-01T12:00:00.123Z""#))
      #expect(text.contains(#""parent_id" : "00000000-0000-0000-0000-000100000001""#))
      #expect(text.contains(#""is_on_active_path" : false"#))
      #expect(text.contains(#""persona_id""#) || !text.contains("persona"))
      #expect(!text.contains(#""title" : "Archived""#))
      // The same style as every --json output: no camelCase member, no upper-case id.
      #expect(!text.contains("exportedAt") && !text.contains("isOnActivePath"))
      let ids = text.matches(
        of: #/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/#)
      #expect(!ids.isEmpty && ids.allSatisfy { $0.output == $0.output.lowercased() })
    }
  }

  @Test(arguments: Backend.allCases)
  func importingTwiceSkipsOrReplacesButNeverDuplicates(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      _ = try await populate(harness)
      let archiver = archiver(harness)
      let json = try await archiver.exportJSON()
      let skipped = try await archiver.importJSON(json)
      #expect(skipped.skipped == [Fixture.uuid(10), Fixture.uuid(11)] && skipped.imported.isEmpty)
      try await harness.conversations.rename(id: Fixture.uuid(10), title: "Renamed")
      let replaced = try await archiver.importJSON(json, policy: .replace)
      #expect(replaced.replaced == [Fixture.uuid(10), Fixture.uuid(11)])
      #expect(try await harness.conversations.get(id: Fixture.uuid(10))?.title == "Birds")
      #expect(try await harness.messages.allMessages(conversationID: Fixture.uuid(10)).count == 3)
      let all = try await harness.conversations.list(limit: 10, after: nil, includeArchived: true)
      #expect(all.count == 2)
    }
  }

  @Test(arguments: Backend.allCases)
  func aConversationThatCannotBeStoredIsReportedAndTheRestImport(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let existing = try await harness.conversation("Existing")
      try await harness.append(1, to: existing)
      let archive = ChatArchive(
        format: ChatArchive.formatName, version: 1, exportedAt: Fixture.referenceDate,
        conversations: [
          ChatArchive.Conversation(
            ConversationDTO(
              id: Fixture.uuid(20), title: "Clash", createdAt: .distantPast,
              updatedAt: .distantPast),
            messages: [makeMessage(1, in: Fixture.uuid(20), at: Fixture.referenceDate)]),
          ChatArchive.Conversation(
            ConversationDTO(
              id: Fixture.uuid(21), title: "Fine", createdAt: .distantPast,
              updatedAt: .distantPast), messages: []),
        ])
      let report = try await archiver(harness).importArchive(archive)
      #expect(report.imported == [Fixture.uuid(21)])
      #expect(report.failed.keys.sorted { $0.uuidString < $1.uuidString } == [Fixture.uuid(20)])
      #expect(try await harness.conversations.get(id: Fixture.uuid(20)) == nil)
    }
  }

  @Test func aVersionOneArchiveWithCamelCaseKeysAndUpperCaseIdsIsStillRead() throws {
    let old = #"""
      {"format":"kiln.chat-archive","version":1,"exportedAt":"2026-06-01T12:00:00.000Z",
       "conversations":[{"id":"01A233C8-0000-7000-8000-00000000CAFE","title":"old",
         "personaID":"general","createdAt":"2026-06-01T12:00:00.000Z",
         "updatedAt":"2026-06-01T12:00:00.000Z","isPinned":true,"isArchived":false,
         "messages":[{"id":"01A233C8-0000-7000-8000-000000000001","role":"user","text":"hi",
           "createdAt":"2026-06-01T12:00:00.000Z","status":"complete","isOnActivePath":true,
           "finishReason":"stop"}]}]}
      """#
    let archive = try ChatArchiver.decode(Data(old.utf8))
    let conversation = try #require(archive.conversations.first)
    #expect(conversation.personaID == "general" && conversation.isPinned)
    #expect(conversation.messages.first?.isOnActivePath == true)
    #expect(conversation.messages.first?.finishReason == "stop")
    // Written again, it is version 2 and reads back the same.
    let again = try ChatArchiver.decode(try ChatArchiver.encode(archive))
    #expect(again.conversations == archive.conversations)
  }

  @Test func foreignAndNewerFilesAreRefusedClearly() throws {
    #expect(throws: StorageError.invalidInput("This file is not a Kiln conversation archive.")) {
      _ = try ChatArchiver.decode(Data(#"{"hello":"world"}"#.utf8))
    }
    #expect(throws: StorageError.invalidInput("This file is not a Kiln conversation archive.")) {
      _ = try ChatArchiver.decode(Data("not json".utf8))
    }
    #expect(throws: StorageError.newerSchema(found: 3, supported: 2)) {
      _ = try ChatArchiver.decode(Data(#"{"format":"kiln.chat-archive","version":3}"#.utf8))
    }
    let damaged =
      #"{"format":"kiln.chat-archive","version":1,"exportedAt":"yesterday","conversations":[]}"#
    #expect(throws: StorageError.self) { _ = try ChatArchiver.decode(Data(damaged.utf8)) }
  }

  @Test(arguments: Backend.allCases)
  func markdownShowsTheActivePathWithRolesAndTimes(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      _ = try await populate(harness)
      let berlin = try #require(TimeZone(secondsFromGMT: 7200))
      let markdown = try await archiver(harness).exportMarkdown(
        conversationID: Fixture.uuid(10), timeZone: berlin)
      let expected = """
        # Birds

        - Persona: Guide
        - Created: 2026-06-01 14:00 UTC+02:00
        - Updated: 2026-06-01 14:00 UTC+02:00

        ---

        ### You · 2026-06-01 14:00 UTC+02:00

        What bird?

        ### Assistant · 2026-06-01 14:00 UTC+02:00 · _stopped_

        Probably a heron.

        """
      #expect(markdown == expected)
      await expectStorageError(.notFound("conversation")) {
        _ = try await archiver(harness).exportMarkdown(
          conversationID: Fixture.uuid(404), timeZone: berlin)
      }
    }
  }

  @Test func markdownIncludesModelAndReasoning() {
    var reply = makeMessage(
      1, in: Fixture.uuid(1), at: Fixture.referenceDate, role: .assistant, text: "Answer")
    reply.model = "model-x"
    reply.reasoning = "step one\nstep two"
    let conversation = ConversationDTO(
      id: Fixture.uuid(1), title: "Two\nlines", createdAt: Fixture.referenceDate,
      updatedAt: Fixture.referenceDate)
    let markdown = ConversationMarkdown.render(
      conversation,
      messages: [
        reply, makeMessage(2, in: Fixture.uuid(1), at: Fixture.referenceDate, role: "critic"),
      ],
      timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    #expect(markdown.hasPrefix("# Two lines\n"))
    #expect(
      markdown.contains(
        "### Assistant · 2026-06-01 12:00 UTC · model-x\n\n> step one\n> step two\n\nAnswer"))
    #expect(markdown.contains("### Critic · 2026-06-01 12:00 UTC"))
  }

  @Test(arguments: [
    Int64(0), 1_780_315_200_123, -1, -86_400_001, 951_782_400_000, 4_102_444_799_999,
    -62_135_596_800_000,
  ])
  func archiveDatesRoundTripToTheMillisecond(milliseconds: Int64) throws {
    let date = StorageTime.date(milliseconds: milliseconds)
    let text = ArchiveDate.string(date)
    #expect(try #require(ArchiveDate.date(text)) == date)
  }

  @Test func archiveDatesUseTheCalendar() {
    #expect(
      ArchiveDate.string(StorageTime.date(milliseconds: 951_782_400_000))
        == "2000-02-29T00:00:00.000Z")
    #expect(ArchiveDate.string(StorageTime.date(milliseconds: -1)) == "1969-12-31T23:59:59.999Z")
    #expect(ArchiveDate.date("2026-06-01T12:00:00Z") == Fixture.referenceDate)
    #expect(
      ArchiveDate.date("2026-06-01T12:00:00.5Z") == Fixture.referenceDate.addingTimeInterval(0.5))
    #expect(ArchiveDate.date("2026-06-01 12:00:00Z") == nil)
    #expect(ArchiveDate.date("2026-13-01T12:00:00Z") == nil)
  }
}
