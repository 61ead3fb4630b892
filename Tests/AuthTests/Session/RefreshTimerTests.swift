import Core
import Foundation
import TestSupport
import Testing

@testable import Auth

@Suite struct RefreshTimerTests {
  @Test func anAlarmGoesOffAtItsTimeOnTheInjectedClockAndCanBeTakenOnce() async throws {
    let clock = ManualClock()
    let timer = RefreshTimer(clock: clock.appClock)
    let fired = Recorded<Int>()
    timer.set(after: 30) { fired.append($0) }
    #expect(await clock.waitForSleepers(1))
    #expect(clock.pendingDeadlines == [clock.now.addingTimeInterval(30)])
    await clock.advance(by: .seconds(29))
    #expect(fired.all.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(await eventually { fired.all.count == 1 })
    let alarm = try #require(fired.all.first)
    #expect(timer.take(alarm))
    #expect(!timer.isPending)
    #expect(!timer.take(alarm))
  }

  @Test func settingAnAlarmReplacesThePendingOne() async {
    let clock = ManualClock()
    let timer = RefreshTimer(clock: clock.appClock)
    let fired = Recorded<Int>()
    timer.set(after: 10) { fired.append($0) }
    #expect(await clock.waitForSleepers(1))
    timer.set(after: 20) { fired.append($0) }
    #expect(await eventually { clock.pendingDeadlines == [clock.now.addingTimeInterval(20)] })
    await clock.advance(by: .seconds(20))
    #expect(await eventually { fired.all.count == 1 })
    await Task.megaYield()
    #expect(fired.all.count == 1)
  }

  @Test func anAlarmReplacedAfterItWentOffIsStaleAndCannotBeTaken() async {
    let clock = ManualClock()
    let timer = RefreshTimer(clock: clock.appClock)
    let fired = Recorded<Int>()
    timer.set(after: 5) { fired.append($0) }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(5))
    #expect(await eventually { fired.all.count == 1 })
    // Its owner set the next alarm before acting on this one.
    timer.set(after: 5) { _ in }
    #expect(!timer.take(fired.all.first ?? -1))
    #expect(timer.isPending)
  }

  @Test func aStoppedTimerSetsNoAlarmAndCancelsThePendingOne() async {
    let clock = ManualClock()
    let timer = RefreshTimer(clock: clock.appClock)
    let fired = Recorded<Int>()
    timer.set(after: 5) { fired.append($0) }
    #expect(await clock.waitForSleepers(1))
    timer.stop()
    #expect(await eventually { clock.sleeperCount == 0 })
    timer.set(after: 1) { fired.append($0) }
    await clock.advance(by: .seconds(10))
    await Task.megaYield()
    #expect(timer.isStopped)
    #expect(!timer.isPending)
    #expect(fired.all.isEmpty)
  }

  @Test func cancellingTheAlarmKeepsItFromGoingOff() async {
    let clock = ManualClock()
    let timer = RefreshTimer(clock: clock.appClock)
    let fired = Recorded<Int>()
    timer.set(after: 5) { fired.append($0) }
    #expect(await clock.waitForSleepers(1))
    timer.cancel()
    #expect(await eventually { clock.sleeperCount == 0 })
    await clock.advance(by: .seconds(10))
    await Task.megaYield()
    #expect(fired.all.isEmpty)
    #expect(!timer.isStopped)
  }
}
