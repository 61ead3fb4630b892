import Core
import Foundation
import TestSupport
import Testing

@testable import FeatureChat

@Suite struct ReplyTextRelayTests {
  private func shown(_ action: ReplyTextRelay.Action) -> String? {
    if case .show(let snapshot) = action { return snapshot.content }
    return nil
  }

  @Test func theFirstChangeIsShownAtOnce() {
    let relay = ReplyTextRelay(clock: ManualClock().appClock, maxPerSecond: 30)
    #expect(shown(relay.append(content: "H")) == "H")
  }

  @Test func changesWithinTheIntervalArmOneTimerThenWait() {
    let clock = ManualClock()
    let relay = ReplyTextRelay(clock: clock.appClock, maxPerSecond: 30)
    _ = relay.append(content: "a")
    let deadline = clock.now.addingTimeInterval(Duration.nanoseconds(33_333_334).timeInterval)
    #expect(relay.append(content: "b") == .armTimer(deadline: deadline, generation: 1))
    #expect(relay.append(content: "c") == .none)
    #expect(relay.append(reasoning: "r") == .none)
    let pending = relay.timerFired(generation: 1)
    #expect(pending?.content == "abc")
    #expect(pending?.reasoning == "r")
    #expect(relay.timerFired(generation: 1) == nil, "nothing new is pending")
  }

  @Test func aChangeAfterTheIntervalIsShownAtOnceAndTheTimerThenShowsNothing() async {
    let clock = ManualClock()
    let relay = ReplyTextRelay(clock: clock.appClock, maxPerSecond: 30)
    _ = relay.append(content: "a")
    #expect(relay.append(content: "b") != .none)
    await clock.advance(by: .milliseconds(34))
    #expect(shown(relay.append(content: "c")) == "abc")
    #expect(relay.timerFired(generation: 1) == nil)
  }

  @Test func aTimerDisarmedByAnEarlierShowingCannotShowTextTooSoon() async {
    let clock = ManualClock()
    let relay = ReplyTextRelay(clock: clock.appClock, maxPerSecond: 30)
    _ = relay.append(content: "a")
    #expect(relay.append(content: "b") != .none)  // Arms timer 1.
    await clock.advance(by: .milliseconds(34))
    #expect(shown(relay.append(content: "c")) == "abc")  // Due: shown at once.
    guard case .armTimer(_, let second) = relay.append(content: "d") else {
      Issue.record("a new timer should be armed")
      return
    }
    #expect(relay.timerFired(generation: 1) == nil, "the stale timer showed text too soon")
    #expect(relay.timerFired(generation: second)?.content == "abcd")
  }

  @Test func aSecondOfFastTokensIsShownAboutThirtyTimes() async {
    let clock = ManualClock()
    let relay = ReplyTextRelay(clock: clock.appClock, maxPerSecond: 30)
    var shownCount = 0
    var lastSequence = -1
    var deadline: (at: Date, generation: Int)?
    for index in 0..<2_000 {  // 2 tokens per millisecond for one second.
      switch relay.append(content: "\(index),") {
      case .show(let snapshot):
        shownCount += 1
        #expect(snapshot.sequence > lastSequence)
        lastSequence = snapshot.sequence
      case .armTimer(let at, let generation): deadline = (at, generation)
      case .none: break
      }
      if let due = deadline, clock.now >= due.at,
        let snapshot = relay.timerFired(generation: due.generation)
      {
        shownCount += 1
        #expect(snapshot.sequence > lastSequence)
        lastSequence = snapshot.sequence
        deadline = nil
      }
      if index.isMultiple(of: 2) { await clock.advance(by: .milliseconds(1)) }
    }
    #expect(shownCount >= 29)
    #expect(shownCount <= 31)
  }

  @Test func finishingStopsEverythingAndRestartForgetsTheText() {
    let relay = ReplyTextRelay(clock: ManualClock().appClock, maxPerSecond: 30)
    _ = relay.append(content: "refused attempt")
    relay.restart()
    guard case .armTimer(_, let generation) = relay.append(content: "b") else {
      Issue.record("a timer should be armed")
      return
    }
    #expect(relay.append(content: "c") == .none)
    #expect(relay.timerFired(generation: generation)?.content == "bc")
    guard case .armTimer(_, let next) = relay.append(content: "d") else {
      Issue.record("a timer should be armed")
      return
    }
    relay.finish()
    #expect(relay.timerFired(generation: next) == nil)
    #expect(relay.append(content: "late") == .none)
  }

  @Test func aTimerStartedAfterTheFinishIsCancelled() async {
    let clock = ManualClock()
    let relay = ReplyTextRelay(clock: clock.appClock, maxPerSecond: 30)
    relay.finish()
    let task = Task {
      do {
        try await clock.sleep(for: .seconds(3600))
      } catch {
        return
      }
      Issue.record("the timer was not cancelled")
    }
    relay.timerStarted(task, generation: 1)
    await task.value
  }
}
