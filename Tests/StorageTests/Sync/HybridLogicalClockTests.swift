import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct HybridLogicalClockTests {
  private let device = Fixture.uuid(0xD)

  @Test func theFormatIsFiftyEightCharactersAndRoundTrips() throws {
    let value = try #require(
      HybridTimestamp(milliseconds: 1_780_315_200_123, counter: 7, device: device))
    let text = value.description
    #expect(text.count == 58)
    #expect(text.hasPrefix("001780315200123-00007-"))
    #expect(text.hasSuffix(device.uuidString.lowercased()))
    #expect(HybridTimestamp(text) == value)
  }

  @Test(arguments: [
    "", "001780315200123-00007", "1780315200123-00007-00000000-0000-0000-0000-00000000000d",
    "001780315200123-00007-00000000-0000-0000-0000-00000000000D",
    "00178031520012x-00007-00000000-0000-0000-0000-00000000000d",
    "001780315200123_00007-00000000-0000-0000-0000-00000000000d",
  ])
  func malformedValuesAreRefused(text: String) {
    #expect(HybridTimestamp(text) == nil)
  }

  @Test func orderIsTheByteOrderOfTheStrings() throws {
    let values = try [
      (1, 0, Fixture.uuid(2)), (1, 1, Fixture.uuid(1)), (2, 0, Fixture.uuid(1)),
      (1, 0, Fixture.uuid(1)), (1_000, 99_999, Fixture.uuid(0xF)),
    ].map { try #require(HybridTimestamp(milliseconds: $0.0, counter: $0.1, device: $0.2)) }
    #expect(values.sorted().map(\.description) == values.map(\.description).sorted())
  }

  @Test func theRuleMovesForwardWithTimeAndCountsWithinAMillisecond() throws {
    let now = Date(timeIntervalSince1970: 1_000)
    let first = try #require(HybridTimestamp.next(after: nil, now: now, device: device))
    #expect(first.milliseconds == 1_000_000 && first.counter == 0)
    let second = try #require(HybridTimestamp.next(after: first, now: now, device: device))
    #expect(second.milliseconds == 1_000_000 && second.counter == 1)
    // A wall clock that went back issues above the last value.
    let behind = try #require(
      HybridTimestamp.next(after: second, now: now.addingTimeInterval(-5), device: device))
    #expect(behind > second)
    let later = try #require(
      HybridTimestamp.next(after: second, now: now.addingTimeInterval(1), device: device))
    #expect(later.milliseconds == 1_001_000 && later.counter == 0)
    let full = try #require(
      HybridTimestamp(milliseconds: 1_000_000, counter: 99_999, device: device))
    let overflow = try #require(HybridTimestamp.next(after: full, now: now, device: device))
    #expect(overflow.milliseconds == 1_000_001 && overflow.counter == 0)
  }

  @Test func aRemoteValueIsPassedEvenWithALargerDeviceID() throws {
    let remote = try #require(
      HybridTimestamp(milliseconds: 5_000, counter: 3, device: Fixture.uuid(0xFFFF)))
    let next = try #require(
      HybridTimestamp.next(after: remote, now: Date(timeIntervalSince1970: 1), device: device))
    #expect(next > remote)
  }

  @Test func theDatabaseClockNeverGoesBackAcrossReopening() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let first = try SyncJournalFixture(path: path)
      _ = try await first.journal.startRecording()
      _ = try await first.conversations.create(title: "A", personaName: nil, personaID: nil)
      let before = try #require(try await first.outbox().last?.clock)
      await first.database.close()
      // The wall clock went back an hour: the reopened database still issues above.
      let behind = ManualClock(start: Fixture.referenceDate.addingTimeInterval(-3_600))
      let second = try SyncJournalFixture(path: path, clock: behind)
      try await second.conversations.rename(id: Fixture.uuid(1), title: "B")
      let after = try #require(try await second.outbox().last?.clock)
      #expect(after > before)
      #expect(HybridTimestamp(after) != nil)
      await second.database.close()
    }
  }

  @Test func afterApplyingRemoteRowsTheClockIssuesAboveThem() async throws {
    try await SyncJournalFixture.run { fixture in
      _ = try await fixture.journal.startRecording()
      try await fixture.journal.setAccount(SyncJournalFixture.account)
      let future = Int64(Fixture.referenceDate.timeIntervalSince1970 * 1000) + 86_400_000
      let remote = SyncJournalFixture.remoteClock(future, counter: 4)
      let conversation = ConversationDTO(
        id: Fixture.uuid(0x77), title: "Remote", createdAt: Fixture.referenceDate,
        updatedAt: Fixture.referenceDate)
      _ = try await fixture.journal.apply(
        [SyncJournalFixture.serverRow(.conversation(conversation), clock: remote, sequence: 1)],
        account: SyncJournalFixture.account, cursor: 1)
      try await fixture.conversations.rename(id: conversation.id, title: "Local")
      let clock = try #require(try await fixture.outbox().last?.clock)
      #expect(clock > remote)
    }
  }
}
