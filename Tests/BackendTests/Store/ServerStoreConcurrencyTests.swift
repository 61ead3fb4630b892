import Backend
import Core
import Foundation
import TestSupport
import Testing

/// The done-means: 40 requests at once from one free user with a limit of 10 admit
/// exactly 10, whether they reach one store, two stores on one SQLite file, or two
/// PostgreSQL stores (two pools, as two instances have) on one database.
@Suite("ServerStore concurrent admission")
struct ServerStoreConcurrencyTests {
  @Test(arguments: StoreKind.allCases)
  func fortyConcurrentRequestsOfAFreeUserAdmitExactlyTenOnOneStore(kind: StoreKind) async throws {
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await expectExactlyTenOfForty([store])
    }
  }

  @Test func fortyConcurrentRequestsAdmitExactlyTenThroughTwoStoresOnOneSQLiteFile()
    async throws
  {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let clock = ManualClock(start: storeNoon).appClock
      let first = try SQLiteServerStore(directory: directory, clock: clock)
      let second = try SQLiteServerStore(directory: directory, clock: clock)
      try await expectExactlyTenOfForty([first, second])
      await first.close()
      await second.close()
    }
  }

  @Test func fourHundredConcurrentRequestsAdmitExactlyTheirLimitThroughEightStoresOnOneFile()
    async throws
  {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let clock = ManualClock(start: storeNoon).appClock
      var stores: [SQLiteServerStore] = []
      for _ in 0..<8 { stores.append(try SQLiteServerStore(directory: directory, clock: clock)) }
      let request = admission(free: try freeMessages(100))
      let decisions = try await admitTogether(stores, count: 400, request)
      let remainders = decisions.compactMap { decision -> Int? in
        if case .admitted(let remaining?) = decision { return remaining }
        return nil
      }
      #expect(remainders.sorted() == Array(0..<100))
      for store in stores { await store.close() }
    }
  }

  @Test func fortyConcurrentRequestsAdmitExactlyTenThroughTwoPostgresInstances() async throws {
    let url = try await newPostgresDatabase()
    let clock = ManualClock(start: storeNoon).appClock
    let first = try PostgresServerStore(url: url, clock: clock)
    let second = try PostgresServerStore(url: url, clock: clock)
    try await first.migrate()
    try await expectExactlyTenOfForty([first, second])
    let statistics = [await first.pool.currentStatistics, await second.pool.currentStatistics]
    #expect(statistics.allSatisfy { $0.opened > 0 }, "both instances took part")
    await first.close()
    await second.close()
  }

  @Test func fortyConcurrentRequestsOverARateLimitOfTenAdmitExactlyTenOnTwoPostgresInstances()
    async throws
  {
    let url = try await newPostgresDatabase()
    let clock = ManualClock(start: storeNoon).appClock
    let first = try PostgresServerStore(url: url, clock: clock)
    let second = try PostgresServerStore(url: url, clock: clock)
    try await first.migrate()
    let limit = try perSeconds(10, 3_600)
    let decisions = try await admitTogether(
      [first, second], count: 40, admission(rate: limit))
    #expect(decisions.filter { $0 == .admitted(freeRemaining: nil) }.count == 10)
    #expect(decisions.filter { if case .rateLimited = $0 { true } else { false } }.count == 30)
    await first.close()
    await second.close()
  }
}

/// Sends 40 charged requests of one user with 10 free messages (and a rate limit that
/// leaves room for all of them) at once, spread over `stores`, and checks that exactly ten
/// were admitted, each with a different remainder, and that nothing is left.
private func expectExactlyTenOfForty(
  _ stores: [any ServerStore], sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let request = admission(rate: try perSeconds(100, 3_600), free: try freeMessages(10))
  let decisions = try await admitTogether(stores, count: 40, request)
  let remainders = decisions.compactMap { decision -> Int? in
    if case .admitted(let remaining?) = decision { return remaining }
    return nil
  }
  #expect(remainders.sorted() == Array(0..<10), sourceLocation: sourceLocation)
  #expect(
    decisions.filter { $0 == .freeQuotaExhausted(retryAfter: nil) }.count == 30,
    sourceLocation: sourceLocation)
  var looking = request
  looking.charge = false
  for store in stores {
    #expect(
      try await store.admit(looking) == .freeQuotaExhausted(retryAfter: nil),
      sourceLocation: sourceLocation)
  }
}

/// `count` copies of `request` sent at once, request `i` to store `i % stores.count`.
private func admitTogether(
  _ stores: [any ServerStore], count: Int, _ request: AdmissionRequest
) async throws -> [AdmissionDecision] {
  try await withThrowingTaskGroup(of: AdmissionDecision.self) { group in
    for index in 0..<count {
      let store = stores[index % stores.count]
      group.addTask { try await store.admit(request) }
    }
    var decisions: [AdmissionDecision] = []
    for try await decision in group { decisions.append(decision) }
    return decisions
  }
}
