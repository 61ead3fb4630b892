import Core
import Foundation
import TestSupport
import Testing

@Suite struct ManualClockTests {
  @Test func sleepersWakeOnlyWhenTimeReachesTheirDeadline() async throws {
    let clock = ManualClock()
    let appClock = clock.appClock
    let task = Task { try await appClock.sleep(.seconds(60)) }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(59))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == Fixture.referenceDate.addingTimeInterval(60))
  }

  @Test func cancellingASleeperThrowsAndRemovesIt() async {
    let clock = ManualClock()
    let task = Task { try await clock.sleep(for: .seconds(10)) }
    #expect(await clock.waitForSleepers(1))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func zeroSleepReturnsAtOnce() async throws {
    let clock = ManualClock()
    try await clock.sleep(for: .zero)
    #expect(clock.totalSleeps == 1)
  }

  @Test func sleepUntilAPastDateReturnsAtOnce() async throws {
    let clock = ManualClock()
    try await clock.appClock.sleep(until: Fixture.referenceDate.addingTimeInterval(-5))
    #expect(clock.sleeperCount == 0)
  }

  @Test func fixturesAreUTC() {
    let date = Fixture.date(2026, 1, 2, hour: 3, minute: 4)
    let parts = Calendar.utcTest.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    #expect([parts.year, parts.month, parts.day, parts.hour, parts.minute] == [2026, 1, 2, 3, 4])
    #expect(Fixture.uuid(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }
}
