import Foundation
import TestSupport

@testable import FeatureRating

let day = RatingConfig.day
let start = Fixture.referenceDate

extension Date {
  func plus(days: Double) -> Date { addingTimeInterval(days * day) }
  func plus(seconds: TimeInterval) -> Date { addingTimeInterval(seconds) }
}

/// A state that passes every rule except the ones a test sets up: installed long ago, many
/// sessions, a score exactly at the default threshold, recorded at `now`.
func eligibleState(at now: Date = start, score: Double = 5) -> RatingState {
  RatingState(score: score, lastActivity: now, firstSeen: now.plus(days: -60), sessionCount: 10)
}

/// A storage that suspends on every call, so operations that are not serialized would
/// interleave at each `await` and lose writes.
actor SuspendingRatingStorage: RatingStorage {
  private(set) var state: RatingState
  private(set) var loads = 0
  private(set) var saves = 0

  init(_ state: RatingState = RatingState()) {
    self.state = state
  }

  func load() async throws -> RatingState {
    loads += 1
    await Task.megaYield(count: 3)
    return state
  }

  func save(_ state: RatingState) async throws {
    await Task.megaYield(count: 3)
    self.state = state
    saves += 1
  }
}

/// A storage whose every call fails, to prove the client keeps working and logs.
struct FailingRatingStorage: RatingStorage {
  func load() async throws -> RatingState {
    throw RatingStorageError.corrupted("test: unreadable")
  }

  func save(_ state: RatingState) async throws {
    throw RatingStorageError.encodingFailed("test: unwritable")
  }
}
