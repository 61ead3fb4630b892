#if os(Linux)
  import Testing

  @testable import Networking

  /// The timer libcurl keeps through the pool's driver (`CURLMOPT_TIMERFUNCTION`).
  @Suite struct CurlTimerTests {
    private let millisecond: UInt64 = 1_000_000

    @Test func aTimerInSomeMillisecondsIsDueThenAndOnlyOnce() {
      var timer = CurlTimer()
      timer.set(milliseconds: 250, at: 1_000 * millisecond)
      #expect(timer.wait(at: 1_000 * millisecond) == 250 * millisecond)
      #expect(timer.wait(at: 1_200 * millisecond) == 50 * millisecond)
      let early = timer.takeIfDue(at: 1_249 * millisecond)
      #expect(!early)
      let onTime = timer.takeIfDue(at: 1_250 * millisecond)
      #expect(onTime)
      // Taken: the call it led to may set the next one; until then there is none.
      #expect(timer.wait(at: 1_250 * millisecond) == nil)
      let again = timer.takeIfDue(at: 9_999 * millisecond)
      #expect(!again)
    }

    @Test func zeroIsDueAtOnceAndMinusOneRemovesTheTimer() {
      var timer = CurlTimer()
      #expect(timer.wait(at: 0) == nil)
      timer.set(milliseconds: 0, at: 5 * millisecond)
      #expect(timer.wait(at: 5 * millisecond) == 0)
      timer.set(milliseconds: -1, at: 5 * millisecond)
      #expect(timer.wait(at: 5 * millisecond) == nil)
      let removed = timer.takeIfDue(at: 6 * millisecond)
      #expect(!removed)
      // A later request replaces an earlier one, as libcurl keeps a single timer.
      timer.set(milliseconds: 100, at: 0)
      timer.set(milliseconds: 30, at: 10 * millisecond)
      #expect(timer.wait(at: 10 * millisecond) == 30 * millisecond)
      // A wait that has passed is 0, not an underflow.
      #expect(timer.wait(at: 90 * millisecond) == 0)
    }
  }
#endif
