import Foundation
import Storage
import Testing

@testable import Sync

@Suite struct SyncWireTimeTests {
  @Test(arguments: [
    ("1970-01-01T00:00:00.000Z", Int64(0)),
    ("2026-12-02T10:07:54.123Z", Int64(1_796_206_074_123)),
    ("2000-02-29T23:59:59.999Z", Int64(951_868_799_999)),
    ("1969-12-31T23:59:59.999Z", Int64(-1)),
    ("0000-01-01T00:00:00.000Z", Int64(-62_167_219_200_000)),
    ("9999-12-31T23:59:59.999Z", Int64(253_402_300_799_999)),
  ])
  func writesAndReadsTheTwentyFourCharacterForm(text: String, milliseconds: Int64) throws {
    let date = StorageTime.date(milliseconds: milliseconds)
    #expect(SyncWireTime.string(date) == text)
    let parsed = try #require(SyncWireTime.date(text))
    #expect(StorageTime.milliseconds(parsed) == milliseconds)
  }

  @Test(arguments: [
    "2026-12-02T10:07:54Z", "2026-12-02T10:07:54.123+00:00", "2026-12-02 10:07:54.123Z",
    "2026-12-02T10:07:54.1234Z", "2026-13-02T10:07:54.123Z", "2026-02-29T10:07:54.123Z",
    "2026-12-02T24:00:00.000Z", "2026-12-02T10:60:00.000Z", "2026-12-02T10:07:60.000Z",
    "2026-12-00T10:07:54.123Z", "2026-12-02t10:07:54.123z", "+026-12-02T10:07:54.123Z",
    "２026-12-02T10:07:54.123Z", "",
  ])
  func refusesEveryOtherForm(text: String) {
    #expect(SyncWireTime.date(text) == nil)
  }

  @Test func refusesYearsOutsideFourDigits() {
    #expect(SyncWireTime.string(StorageTime.date(milliseconds: 253_402_300_800_000)) == nil)
    #expect(SyncWireTime.string(StorageTime.date(milliseconds: -62_167_219_200_001)) == nil)
  }
}
