import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Archives a hostile or careless hand edited: unknown roles, the same conversation or
/// message id twice. Each conversation is kept or refused whole, with a reason.
@Suite struct ChatArchiverHostileInputTests {
  private func archiver(_ harness: ChatHarness) -> ChatArchiver {
    ChatArchiver(
      conversations: harness.conversations, messages: harness.messages,
      clock: .fixed(Fixture.referenceDate))
  }

  private func conversation(
    _ number: Int, _ messages: [MessageDTO] = []
  ) -> ChatArchive.Conversation {
    ChatArchive.Conversation(
      ConversationDTO(
        id: Fixture.uuid(number), title: "Conversation \(number)",
        createdAt: Fixture.referenceDate, updatedAt: Fixture.referenceDate),
      messages: messages)
  }

  private func archive(_ conversations: [ChatArchive.Conversation]) -> ChatArchive {
    ChatArchive(
      format: ChatArchive.formatName, version: 1, exportedAt: Fixture.referenceDate,
      conversations: conversations)
  }

  private func failureReason(_ report: ChatArchiver.ImportReport, _ number: Int) -> String? {
    guard case .validation(let message) = report.failed[Fixture.uuid(number)] else { return nil }
    return message
  }

  @Test(arguments: Backend.allCases)
  func anUnknownRoleIsRefusedWithTheRoleNamed(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let intruder = makeMessage(
        1, in: Fixture.uuid(30), at: Fixture.referenceDate, role: "hacker", text: "trust me")
      let report = try await archiver(harness).importArchive(
        archive([conversation(30, [intruder]), conversation(31)]))
      #expect(report.imported == [Fixture.uuid(31)])
      let reason = try #require(failureReason(report, 30))
      #expect(reason.contains("the role 'hacker'"), "\(reason)")
      #expect(try await harness.conversations.get(id: Fixture.uuid(30)) == nil)
    }
  }

  @Test(arguments: Backend.allCases)
  func theSameConversationTwiceInOneFileIsImportedOnceAndSkippedOnce(
    backend: Backend
  ) async throws {
    try await ChatHarness.run(backend) { harness in
      let message = makeMessage(1, in: Fixture.uuid(40), at: Fixture.referenceDate)
      let twice = conversation(40, [message])
      let report = try await archiver(harness).importArchive(archive([twice, twice]))
      #expect(report.imported == [Fixture.uuid(40)])
      #expect(report.skipped == [Fixture.uuid(40)])
      #expect(report.failed.isEmpty)
      #expect(try await harness.messages.allMessages(conversationID: Fixture.uuid(40)).count == 1)
    }
  }

  @Test(arguments: Backend.allCases)
  func aRepeatedMessageIdFailsWithAReason(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let first = makeMessage(1, in: Fixture.uuid(50), at: Fixture.referenceDate)
      let again = makeMessage(1, in: Fixture.uuid(51), at: Fixture.referenceDate)
      let report = try await archiver(harness).importArchive(
        archive([conversation(50, [first]), conversation(51, [again])]))
      #expect(report.imported == [Fixture.uuid(50)])
      let reason = try #require(failureReason(report, 51))
      #expect(reason.contains("appears twice in the file"), "\(reason)")

      // The same id already stored under another conversation is named as such.
      let stored = try await archiver(harness).importArchive(archive([conversation(52, [again])]))
      let storedReason = try #require(failureReason(stored, 52))
      #expect(storedReason.contains("already used by another stored conversation"))
    }
  }
}
