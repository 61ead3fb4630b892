import Postgres
import Synchronization
import Testing

@Suite struct PostgresAdvisoryLockTests {
  @Test func aTransactionLockIsExclusiveUntilTheTransactionEnds() async throws {
    let configuration = try await makeTestDatabase()
    let first = try await PostgresConnection.connect(configuration)
    let second = try await PostgresConnection.connect(configuration)
    let results = try await first.transaction { first in
      let mine = try await first.tryAdvisoryTransactionLock(77)
      let theirs = try await second.transaction { try await $0.tryAdvisoryTransactionLock(77) }
      return [mine, theirs]
    }
    #expect(results == [true, false])
    let afterwards = try await second.transaction { try await $0.tryAdvisoryTransactionLock(77) }
    #expect(afterwards)
  }

  @Test func aTransactionLockOutsideATransactionIsRefused() async throws {
    let connection = try await connectToNewDatabase()
    let error = await #expect(throws: PostgresError.self) {
      try await connection.tryAdvisoryTransactionLock(1)
    }
    #expect(error?.kind == .misuse)
  }

  @Test func aSessionLockIsHeldDuringTheBodyAndReleasedAfterAThrow() async throws {
    let configuration = try await makeTestDatabase()
    let first = try await PostgresConnection.connect(configuration)
    let second = try await PostgresConnection.connect(configuration)
    struct Planned: Error {}
    let heldInside = Mutex(false)
    await #expect(throws: Planned.self) {
      try await first.withAdvisoryLock(99) { _ in
        let taken = try await second.transaction { try await $0.tryAdvisoryTransactionLock(99) }
        heldInside.withLock { $0 = !taken }
        throw Planned()
      }
    }
    #expect(heldInside.withLock { $0 })
    let taken = try await second.transaction { try await $0.tryAdvisoryTransactionLock(99) }
    #expect(taken)
  }
}
