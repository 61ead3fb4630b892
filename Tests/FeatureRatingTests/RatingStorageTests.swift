import Core
import Foundation
import Testing

@testable import FeatureRating

@Suite struct RatingStorageTests {
  let sample = RatingState(
    score: 4.25, lastActivity: start.plus(seconds: 0.5), firstSeen: start.plus(days: -9),
    sessionCount: 7, promptDates: [start.plus(days: -40), start.plus(days: -5)],
    lastNegativeEvent: start.plus(days: -1), ratedAt: nil, lastDeclined: start.plus(days: -5),
    declineCount: 1)

  @Test func inMemoryStorageRoundTrips() async throws {
    let storage = InMemoryRatingStorage()
    #expect(try await storage.load() == RatingState())
    try await storage.save(sample)
    #expect(try await storage.load() == sample)
    #expect(await storage.saveCount == 1)
  }

  @Test func keyValueStorageRoundTripsExactly() async throws {
    let store = InMemoryKeyValueStore()
    let storage = KeyValueRatingStorage(store: store)
    try await storage.save(sample)
    #expect(store.string(forKey: "rating.state") != nil)
    let reloaded = try await KeyValueRatingStorage(store: store).load()
    #expect(reloaded == sample)
  }

  @Test func keyValueStorageStartsFresh() async throws {
    let storage = KeyValueRatingStorage(store: InMemoryKeyValueStore(), key: "other")
    #expect(try await storage.load() == RatingState())
  }

  @Test func keyValueStorageReportsCorruptData() async throws {
    let store = InMemoryKeyValueStore(["rating.state": "{not json"])
    let storage = KeyValueRatingStorage(store: store)
    do {
      _ = try await storage.load()
      Issue.record("corrupt data loaded")
    } catch {
      #expect(AppError.from(error) == .storage(.corrupted))
    }
  }

  @Test func olderStatesWithMissingFieldsStillLoad() async throws {
    let store = InMemoryKeyValueStore(["rating.state": #"{"score": 3, "sessionCount": 2}"#])
    let state = try await KeyValueRatingStorage(store: store).load()
    #expect(state == RatingState(score: 3, sessionCount: 2))
  }

  @Test func nonFiniteScoresCannotBeSaved() async {
    let storage = KeyValueRatingStorage(store: InMemoryKeyValueStore())
    await #expect(throws: RatingStorageError.self) {
      try await storage.save(RatingState(score: .nan))
    }
  }
}
