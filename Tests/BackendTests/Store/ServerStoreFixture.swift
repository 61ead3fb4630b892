import Backend
import Core
import Foundation
import TestSupport
import Testing

/// The three `ServerStore`s the contract suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case inMemory
  case sqlite
  case postgres

  var testDescription: String { rawValue }
}

/// Noon UTC on 2026-12-02, plus milliseconds, so stored times must keep them. The stores
/// keep seconds since 1970, so a date made from such a number reads back equal; a date
/// computed in `Date`'s own reference-date seconds may come back up to 0.24 µs apart.
let storeNoon = Date(timeIntervalSince1970: 1_796_212_800.125)

/// Runs `body` with a new, empty store of `kind` and removes what it made afterwards: a
/// temporary directory for SQLite, a database of its own on the test server for PostgreSQL.
func withStore<T: Sendable>(
  _ kind: StoreKind, _ body: (any ServerStore) async throws -> T
) async throws -> T {
  try await withStoreOfKind(kind, inMemory: InMemoryServerStore(), as: { $0.proxy }, body)
}

/// The one way the suites make a store: `inMemory` for that kind, else a fresh SQLite file
/// or PostgreSQL database (migrated as start-up does), seen through `view`, closed after.
func withStoreOfKind<T: Sendable, Store: Sendable>(
  _ kind: StoreKind, inMemory: @autoclosure () -> Store,
  as view: (ServerStores) -> Store, _ body: (Store) async throws -> T
) async throws -> T {
  let clock = ManualClock(start: storeNoon).appClock
  switch kind {
  case .inMemory:
    return try await body(inMemory())
  case .sqlite:
    return try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let stores = ServerStores(
        sqlite: try SQLiteServerDatabase(directory: directory, clock: clock), clock: clock)
      do {
        let value = try await body(view(stores))
        await stores.close()
        return value
      } catch {
        await stores.close()
        throw error
      }
    }
  case .postgres:
    let store = try PostgresServerStore(url: try await newPostgresDatabase(), clock: clock)
    do {
      try await store.migrate()
      let value = try await body(view(ServerStores(postgres: store)))
      await store.close()
      return value
    } catch {
      await store.close()
      throw error
    }
  }
}

/// The URL of a new, empty database on the test process's PostgreSQL server.
func newPostgresDatabase() async throws -> String {
  try await PostgresTestServer.shared().makeDatabase()
}

/// A question with defaults the tests override.
func admission(
  _ user: String = "user-1", at now: Date = storeNoon, rate: RateLimit? = nil,
  free: FreeAllowance? = nil, charge: Bool = true
) -> AdmissionRequest {
  AdmissionRequest(userID: user, now: now, rateLimit: rate, freeAllowance: free, charge: charge)
}

/// `count` requests per `seconds`, for tables of limits that are valid by construction.
func perSeconds(_ count: Int, _ seconds: Double) throws -> RateLimit {
  try #require(RateLimit(count: count, period: seconds))
}

/// A free allowance of `limit` messages per `period`.
func freeMessages(_ limit: Int, _ period: FreePeriod = .lifetime) throws -> FreeAllowance {
  try #require(FreeAllowance(limit: limit, period: period))
}

/// The reason of an `.unavailable` error, or a recorded issue for anything else.
func unavailableReason(
  _ error: ServerStoreError?, sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  guard case .unavailable(let reason)? = error else {
    Issue.record(
      "expected .unavailable, got \(String(describing: error))", sourceLocation: sourceLocation)
    return ""
  }
  return reason
}

/// The rate-limited wait, or a recorded issue for any other decision.
func rateLimitedWait(
  _ decision: AdmissionDecision, sourceLocation: SourceLocation = #_sourceLocation
) -> Double {
  guard case .rateLimited(let wait) = decision else {
    Issue.record("expected .rateLimited, got \(decision)", sourceLocation: sourceLocation)
    return .nan
  }
  return wait
}
