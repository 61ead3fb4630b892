import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct DeterminismTests {
  @Test func fixedClockNeverMoves() {
    let clock = AppClock.fixed(Fixture.referenceDate)
    #expect(clock.now() == Fixture.referenceDate)
    #expect(clock.now() == Fixture.referenceDate)
  }

  @Test func incrementingClockMovesByItsStepOnEveryRead() {
    let clock = AppClock.incrementing(from: Fixture.referenceDate, by: 2)
    #expect(clock.now() == Fixture.referenceDate)
    #expect(clock.now() == Fixture.referenceDate.addingTimeInterval(2))
    #expect(clock.now() == Fixture.referenceDate.addingTimeInterval(4))
  }

  @Test func fixedClockSleepsReturnAtOnceButHonourCancellation() async throws {
    let clock = AppClock.fixed(Fixture.referenceDate)
    try await clock.sleep(.seconds(3600))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(.seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func incrementingUUIDsAreReadableAndOrdered() {
    let generator = UUIDGenerator.incrementing()
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000001")
    let later = UUIDGenerator.incrementing(from: 10)
    #expect(later().uuidString == "00000000-0000-0000-0000-00000000000A")
  }

  @Test func constantUUIDIsAlwaysTheSame() {
    let id = Fixture.uuid(7)
    let generator = UUIDGenerator.constant(id)
    #expect(generator() == id)
    #expect(generator() == id)
  }

  @Test func liveUUIDsDiffer() {
    #expect(UUIDGenerator.live() != UUIDGenerator.live())
  }

  @Test func constantRandomGivesTheSamePointOfEveryRange() {
    let random = RandomSource.constant(0.5)
    #expect(random.double(in: -0.2...0.2) == 0)
    #expect(random.double(in: 10...20) == 15)
    #expect(RandomSource.constant(2).unit() < 1)
  }

  @Test func seededRandomIsReproducibleAndUniformEnough() {
    let first = RandomSource.seeded(42)
    let second = RandomSource.seeded(42)
    let a = (0..<1000).map { _ in first.unit() }
    let b = (0..<1000).map { _ in second.unit() }
    #expect(a == b)
    #expect(a.allSatisfy { (0..<1).contains($0) })
    let mean = a.reduce(0, +) / Double(a.count)
    #expect(abs(mean - 0.5) < 0.05)
    #expect(RandomSource.seeded(43).unit() != a[0])
  }

  @Test func durationConvertsToAndFromSeconds() {
    #expect(Duration.milliseconds(1500).timeInterval == 1.5)
    #expect(Duration.timeInterval(0.25) == .milliseconds(250))
    #expect(Duration.timeInterval(-3) == .zero)
  }
}

@Suite struct TimeOrderedUUIDTests {
  @Test func identifiersAreVersion7WithTheRFCVariant() {
    let generator = UUIDGenerator.timeOrdered(
      clock: .fixed(Fixture.referenceDate), random: .seeded(1))
    let id = generator().uuid
    #expect(id.6 >> 4 == 7)
    #expect(id.8 >> 6 == 0b10)
  }

  @Test func theTimestampIsTheClocksUnixMilliseconds() {
    let generator = UUIDGenerator.timeOrdered(
      clock: .fixed(Fixture.referenceDate), random: .seeded(1))
    let text = generator().uuidString.replacingOccurrences(of: "-", with: "")
    let milliseconds = UInt64(text.prefix(12), radix: 16)
    #expect(milliseconds == UInt64(Fixture.referenceDate.timeIntervalSince1970 * 1000))
  }

  @Test func identifiersMadeLaterSortLaterEvenWithinOneMillisecond() {
    let sameInstant = UUIDGenerator.timeOrdered(
      clock: .fixed(Fixture.referenceDate), random: .seeded(7))
    let burst = (0..<5000).map { _ in sameInstant().uuidString }
    #expect(burst == burst.sorted())
    #expect(Set(burst).count == burst.count)

    let moving = UUIDGenerator.timeOrdered(
      clock: .incrementing(from: Fixture.referenceDate, by: 0.0004), random: .seeded(8))
    let spread = (0..<5000).map { _ in moving().uuidString }
    #expect(spread == spread.sorted())
  }

  @Test func aClockGoingBackwardsNeverBreaksOrder() {
    let instant = Mutex(Fixture.referenceDate)
    let clock = AppClock(now: { instant.withLock { $0 } }, sleep: { _ in })
    let generator = UUIDGenerator.timeOrdered(clock: clock, random: .seeded(3))
    let first = generator().uuidString
    instant.withLock { $0 = Fixture.referenceDate.addingTimeInterval(-60) }
    let second = generator().uuidString
    #expect(second > first)
  }
}
