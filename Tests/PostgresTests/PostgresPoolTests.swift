import Core
import Postgres
import Synchronization
import TestSupport
import Testing

@Suite struct PostgresPoolTests {
  private static let clientCount = """
    SELECT count(*) FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend'
      AND application_name = 'kiln'
    """

  @Test func fiftyConcurrentCallersShareFourConnectionsAndAllSucceed() async throws {
    let configuration = try await makeTestDatabase()
    let pool = PostgresPool(
      configuration: configuration, maximumConnections: 4, waitTimeout: .seconds(60),
      clock: .live)
    let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for caller in 0..<50 {
        group.addTask {
          try await pool.withConnection { connection in
            let seen = try await connection.scalar(Int.self, Self.clientCount)
            let echoed = try await connection.scalar(Int.self, "SELECT $1::int8", [.int(caller)])
            return (echoed, seen)
          }
        }
      }
      var answers: [(Int, Int)] = []
      for try await answer in group { answers.append(answer) }
      return answers
    }
    #expect(answers.count == 50)
    #expect(Set(answers.map(\.0)) == Set(0..<50))
    let mostSeen = answers.map(\.1).max() ?? 0
    #expect(mostSeen >= 1 && mostSeen <= 4, "the server saw \(mostSeen) connections")
    let statistics = await pool.currentStatistics
    #expect(statistics.peakOpen <= 4)
    #expect(statistics.opened <= 4)
    #expect(statistics.waiting == 0)
    await pool.close()
  }

  @Test func aConnectionTheServerKilledWhileIdleIsReplaced() async throws {
    let configuration = try await makeTestDatabase()
    let pool = PostgresPool(configuration: configuration, maximumConnections: 1, clock: .live)
    let firstPID = try await pool.withConnection {
      try await $0.scalar(Int.self, "SELECT pg_backend_pid()")
    }
    let admin = try await PostgresConnection.connect(configuration)
    // The timeout form waits until the backend has exited, so its socket is closed.
    let killed = try await admin.scalar(
      Bool.self, "SELECT pg_terminate_backend($1::int4, 5000)", [.int(firstPID)])
    #expect(killed)
    let secondPID = try await pool.withConnection {
      try await $0.scalar(Int.self, "SELECT pg_backend_pid()")
    }
    #expect(secondPID != firstPID)
    let statistics = await pool.currentStatistics
    #expect(statistics.opened == 2)
    #expect(statistics.open == 1)
    await pool.close()
  }

  @Test func aConnectionThatBreaksDuringUseIsDroppedAndTheNextCallerGetsANewOne() async throws {
    let configuration = try await makeTestDatabase()
    let pool = PostgresPool(configuration: configuration, maximumConnections: 1, clock: .live)
    let error = await #expect(throws: PostgresError.self) {
      try await pool.withConnection {
        try await $0.query("SELECT pg_terminate_backend(pg_backend_pid())")
      }
    }
    #expect(error?.kind == .connectionLost)
    let answer = try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 1") }
    #expect(answer == 1)
    #expect(await pool.currentStatistics.opened == 2)
    await pool.close()
  }

  @Test func aCallerWaitingLongerThanTheTimeoutGetsPoolTimeout() async throws {
    let configuration = try await makeTestDatabase()
    let clock = ManualClock()
    let pool = PostgresPool(
      configuration: configuration, maximumConnections: 1, waitTimeout: .seconds(5),
      clock: clock.appClock)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let (held, holder) = AsyncStream.makeStream(of: Void.self)
    let holding = Task {
      try await pool.withConnection { _ in
        holder.yield()
        for await _ in release { break }
      }
    }
    for await _ in held { break }
    let waiting = Task {
      try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 1") }
    }
    #expect(await clock.waitForSleepers(1))
    #expect(await pool.currentStatistics.waiting == 1)
    await clock.advance(by: .seconds(4))
    #expect(await pool.currentStatistics.waiting == 1)
    await clock.advance(by: .seconds(1))
    let error = await #expect(throws: PostgresError.self) { try await waiting.value }
    #expect(error?.kind == .poolTimeout)
    releaser.yield()
    try await holding.value
    #expect(await pool.currentStatistics.waiting == 0)
    #expect(try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 2") } == 2)
    await pool.close()
  }

  @Test func aWaitingCallerGetsTheConnectionAsSoonAsItIsGivenBack() async throws {
    let configuration = try await makeTestDatabase()
    let clock = ManualClock()
    let pool = PostgresPool(
      configuration: configuration, maximumConnections: 1, waitTimeout: .seconds(5),
      clock: clock.appClock)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let (held, holder) = AsyncStream.makeStream(of: Void.self)
    let holding = Task {
      try await pool.withConnection { connection in
        holder.yield()
        for await _ in release { break }
        return try await connection.scalar(Int.self, "SELECT pg_backend_pid()")
      }
    }
    for await _ in held { break }
    let waiting = Task {
      try await pool.withConnection { try await $0.scalar(Int.self, "SELECT pg_backend_pid()") }
    }
    #expect(await clock.waitForSleepers(1))
    releaser.yield()
    let first = try await holding.value
    let second = try await waiting.value
    #expect(first == second)
    #expect(await pool.currentStatistics.opened == 1)
    await pool.close()
  }

  @Test func aCancelledWaiterLeavesTheLineAndTheConnectionGoesToTheNext() async throws {
    let configuration = try await makeTestDatabase()
    let clock = ManualClock()
    let pool = PostgresPool(
      configuration: configuration, maximumConnections: 1, waitTimeout: .seconds(5),
      clock: clock.appClock)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let (held, holder) = AsyncStream.makeStream(of: Void.self)
    let holding = Task {
      try await pool.withConnection { _ in
        holder.yield()
        for await _ in release { break }
      }
    }
    for await _ in held { break }
    let cancelled = Task {
      try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 1") }
    }
    #expect(await clock.waitForSleepers(1))
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(await pool.currentStatistics.waiting == 0)
    let next = Task {
      try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 3") }
    }
    #expect(await clock.waitForSleepers(1))
    releaser.yield()
    try await holding.value
    #expect(try await next.value == 3)
    await pool.close()
  }

  @Test func aClosedPoolRefusesCallers() async throws {
    let configuration = try await makeTestDatabase()
    let pool = PostgresPool(configuration: configuration, clock: .live)
    await pool.close()
    let error = await #expect(throws: PostgresError.self) {
      try await pool.withConnection { try await $0.scalar(Int.self, "SELECT 1") }
    }
    #expect(error?.kind == .poolClosed)
  }
}
