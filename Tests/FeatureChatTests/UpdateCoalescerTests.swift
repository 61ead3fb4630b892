import Core
import Foundation
import TestSupport
import Testing

@testable import FeatureChat

@MainActor @Suite struct UpdateCoalescerTests {
  final class Recorder {
    var values: [String] = []
  }

  private func makeCoalescer(_ clock: ManualClock) -> (UpdateCoalescer<String>, Recorder) {
    let recorder = Recorder()
    let coalescer = UpdateCoalescer<String>(clock: clock.appClock) { recorder.values.append($0) }
    return (coalescer, recorder)
  }

  @Test func theFirstValueIsPublishedAtOnce() {
    let (coalescer, recorder) = makeCoalescer(ManualClock())
    coalescer.submit("H")
    #expect(recorder.values == ["H"])
  }

  @Test func aBurstWithoutTimePassingPublishesOnceThenTheExactFinalValue() async {
    let clock = ManualClock()
    let (coalescer, recorder) = makeCoalescer(clock)
    var text = ""
    for index in 0..<1_000 {
      text += "t\(index) "
      coalescer.submit(text)
    }
    await Task.megaYield()
    #expect(recorder.values == ["t0 "])
    coalescer.finish(text)
    #expect(recorder.values == ["t0 ", text])
    #expect(coalescer.publishCount == 2)
  }

  @Test func thePendingValueIsPublishedWhenTheIntervalPasses() async {
    let clock = ManualClock()
    let (coalescer, recorder) = makeCoalescer(clock)
    coalescer.submit("a")
    coalescer.submit("ab")
    coalescer.submit("abc")
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(33))
    #expect(recorder.values == ["a"])
    await clock.advance(by: .milliseconds(1))
    #expect(recorder.values == ["a", "abc"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func aValueSubmittedAfterTheIntervalIsPublishedAtOnce() async {
    let clock = ManualClock()
    let (coalescer, recorder) = makeCoalescer(clock)
    coalescer.submit("a")
    await clock.advance(by: .milliseconds(40))
    coalescer.submit("ab")
    #expect(recorder.values == ["a", "ab"])
  }

  @Test func aSecondOfFastTokensPublishesAboutThirtyTimesAndEndsExact() async {
    let clock = ManualClock()
    let (coalescer, recorder) = makeCoalescer(clock)
    var text = ""
    for index in 0..<2_000 {  // 2 tokens per millisecond for one second.
      text += "\(index),"
      coalescer.submit(text)
      if index.isMultiple(of: 2) { await clock.advance(by: .milliseconds(1)) }
    }
    coalescer.finish(text)
    #expect(recorder.values.count >= 29)
    #expect(recorder.values.count <= 32)  // ≤ 31 in the second, plus the final value.
    #expect(recorder.values.last == text)
    for (earlier, later) in zip(recorder.values, recorder.values.dropFirst()) {
      #expect(later.hasPrefix(earlier))
    }
  }

  @Test func cancelDropsThePendingValue() async {
    let clock = ManualClock()
    let (coalescer, recorder) = makeCoalescer(clock)
    coalescer.submit("a")
    coalescer.submit("ab")
    coalescer.cancel()
    await clock.advance(by: .seconds(1))
    #expect(recorder.values == ["a"])
  }
}
