import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// The usage counter's check-and-count: the free tier's limit holds however many callers
/// (or processes, through separate connections to one file) ask at once.
@Suite struct UsageLimitContractTests {
  @Test(arguments: Backend.allCases)
  func countingBelowALimitStopsAtTheLimitUnderManyCallers(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let usage = harness.usage
      let counted = try await withThrowingTaskGroup(of: UsageCounts?.self) { group in
        for _ in 0..<32 {
          group.addTask {
            try await usage.recordMessageSent(dayKey: "2026-06-01", below: 10, scope: .lifetime)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(counted.compactMap { $0 }.count == 10)
      #expect(Set(counted.compactMap { $0?.lifetimeMessages }) == Set(1...10))
      #expect(try await usage.counts(dayKey: "2026-06-01").lifetimeMessages == 10)
    }
  }

  @Test(arguments: Backend.allCases)
  func aDailyLimitLooksAtTheDayAndALifetimeLimitAtTheTotal(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let usage = harness.usage
      _ = try await usage.recordMessageSent(dayKey: "2026-06-01")
      _ = try await usage.recordMessageSent(dayKey: "2026-06-01")
      #expect(
        try await usage.recordMessageSent(dayKey: "2026-06-02", below: 2, scope: .lifetime)
          == nil)
      let nextDay = try await usage.recordMessageSent(dayKey: "2026-06-02", below: 2, scope: .day)
      #expect(nextDay == UsageCounts(dayKey: "2026-06-02", messagesOnDay: 1, lifetimeMessages: 3))
    }
  }

  @Test(arguments: Backend.allCases)
  func retractingGivesOneBackAndNeverGoesBelowZero(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let usage = harness.usage
      _ = try await usage.recordMessageSent(dayKey: "2026-06-01", below: 1, scope: .day)
      #expect(try await usage.recordMessageSent(dayKey: "2026-06-01", below: 1, scope: .day) == nil)
      let back = try await usage.retractMessageSent(dayKey: "2026-06-01")
      #expect(back == UsageCounts(dayKey: "2026-06-01", messagesOnDay: 0, lifetimeMessages: 0))
      let again = try await usage.retractMessageSent(dayKey: "2026-06-01")
      #expect(again == back)
      #expect(try await usage.recordMessageSent(dayKey: "2026-06-01", below: 1, scope: .day) != nil)
    }
  }

  @Test func separateConnectionsToOneFileTogetherNeverPassTheLimit() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let databases = try (0..<4).map { _ in
        try StorageDatabase(path: path, clock: .fixed(Fixture.referenceDate))
      }
      let counted = try await withThrowingTaskGroup(of: UsageCounts?.self) { group in
        for index in 0..<32 {
          let usage = SQLiteUsageRepository(database: databases[index % databases.count])
          group.addTask {
            try await usage.recordMessageSent(dayKey: "2026-06-01", below: 10, scope: .lifetime)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(counted.compactMap { $0 }.count == 10)
      let total = try await SQLiteUsageRepository(database: databases[0])
        .counts(dayKey: "2026-06-01")
      #expect(total.lifetimeMessages == 10)
      for database in databases { await database.close() }
    }
  }
}
