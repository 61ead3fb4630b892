import Backend
import Core
import Foundation
import TestSupport
import Testing

/// Runs `body` with a new, empty `AuthStore` of `kind`: in memory, a SQLite file in a
/// temporary directory, or a database of its own on the test PostgreSQL server (migrated as
/// kiln-server start-up does).
func withAuthStore<T: Sendable>(
  _ kind: StoreKind, _ body: (any AuthStore) async throws -> T
) async throws -> T {
  try await withStoreOfKind(kind, inMemory: InMemoryAuthStore(), as: { $0.accounts }, body)
}

/// Account records for the auth store suites, at `storeNoon` (milliseconds included, so the
/// stores must keep them).
enum AuthFixture {
  static func user(_ number: Int, email: String) -> AuthUserRecord {
    AuthUserRecord(
      id: UUID(sequence: number), email: email,
      password: PasswordHash(
        hash: Array(repeating: UInt8(number), count: 32), salt: [0, 1, 0xfe, 0xff],
        cost: 32_768, blockSize: 8, parallelization: 1),
      metadataJSON: "{\"name\":\"Ada\"}", confirmedAt: storeNoon.addingTimeInterval(1.5),
      createdAt: storeNoon, updatedAt: storeNoon)
  }

  static func session(
    _ number: Int, of user: UUID, notAfter: Date? = nil
  ) -> AuthSessionRecord {
    AuthSessionRecord(
      id: UUID(sequence: number), userID: user, createdAt: storeNoon, notAfter: notAfter)
  }

  static func firstToken(_ hash: [UInt8], of session: AuthSessionRecord) -> RefreshTokenRecord {
    RefreshTokenRecord(hash: hash, sessionID: session.id, parentHash: nil, createdAt: storeNoon)
  }

  /// A 32-byte hash (as a SHA-256 is) made from `seed`.
  static func hash(_ seed: UInt8) -> [UInt8] { Array(repeating: seed, count: 32) }

  /// `store` with user 1 (`a@example.com`) signed in: session 100, first token `hash(1)`.
  static func signedIn(
    _ store: any AuthStore, notAfter: Date? = nil
  ) async throws -> AuthSessionRecord {
    let owner = user(1, email: "a@example.com")
    #expect(try await store.createUser(owner))
    let started = session(100, of: owner.id, notAfter: notAfter)
    #expect(
      try await store.startSession(
        started, firstToken: firstToken(hash(1), of: started), signedInAt: nil))
    return started
  }
}
