import Core

/// A bounded pool of connections to one database.
///
/// At most `maximumConnections` are open at once; a caller that finds none free waits in
/// line (first come, first served) for up to `waitTimeout`, then gets `.poolTimeout`. A
/// connection the server closed, or one left broken by a failed statement, is noticed when it
/// is handed out or given back (`PostgresConnection.isUsable()`), closed, and replaced by a
/// new one on demand.
public actor PostgresPool {
  /// Counters for monitoring and tests.
  public struct Statistics: Equatable, Sendable {
    /// Connections open or being opened now.
    public var open: Int
    /// Connections open and free.
    public var idle: Int
    /// Callers waiting for a connection.
    public var waiting: Int
    /// Connections opened since the pool started (replacements included).
    public var opened: Int
    /// The most connections that were ever open at once.
    public var peakOpen: Int
  }

  private enum Handoff {
    case connection(PostgresConnection)
    /// A slot was freed and reserved for the waiter, which opens a new connection in it.
    case slot
  }

  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Handoff, any Error>
    let timeout: Task<Void, Never>
  }

  /// The configuration every connection is opened with.
  public nonisolated let configuration: PostgresConfiguration
  /// The most connections open at once.
  public nonisolated let maximumConnections: Int
  /// How long a caller waits for a free connection before `.poolTimeout`.
  public nonisolated let waitTimeout: Duration
  private let clock: AppClock
  private let connector: @Sendable (PostgresConfiguration) async throws -> PostgresConnection
  private var idle: [PostgresConnection] = []
  private var waiters: [Waiter] = []
  private var openCount = 0
  private var nextWaiterID = 0
  private var isClosed = false
  private var statistics = Statistics(open: 0, idle: 0, waiting: 0, opened: 0, peakOpen: 0)

  /// A pool for `configuration`; no connection is opened until one is needed.
  /// - Parameters:
  ///   - maximumConnections: the bound on open connections (at least 1).
  ///   - waitTimeout: how long a caller waits for a connection (default 10 s).
  ///   - clock: the clock that measures the wait.
  public init(
    configuration: PostgresConfiguration, maximumConnections: Int = 10,
    waitTimeout: Duration = .seconds(10), clock: AppClock
  ) {
    self.configuration = configuration
    self.maximumConnections = max(1, maximumConnections)
    self.waitTimeout = waitTimeout
    self.clock = clock
    connector = { try await PostgresConnection.connect($0) }
  }

  /// The pool's counters now.
  public var currentStatistics: Statistics {
    var current = statistics
    current.open = openCount
    current.idle = idle.count
    current.waiting = waiters.count
    return current
  }

  /// Runs `body` with a connection of its own and gives the connection back afterwards, also
  /// when `body` throws.
  /// - Throws: `PostgresError` (`.poolTimeout`, `.poolClosed`, `.connectionFailed`), or what
  ///   `body` throws.
  public nonisolated func withConnection<T: Sendable>(
    _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    let connection = try await checkOut()
    do {
      let value = try await body(connection)
      await checkIn(connection)
      return value
    } catch {
      await checkIn(connection)
      throw error
    }
  }

  /// `withConnection` around `PostgresConnection.transaction(isolation:_:)`.
  /// - Throws: what `withConnection` and the transaction throw.
  public nonisolated func transaction<T: Sendable>(
    isolation: PostgresIsolation = .readCommitted,
    _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    try await withConnection { try await $0.transaction(isolation: isolation, body) }
  }

  /// Closes the idle connections and refuses new callers; waiting callers get `.poolClosed`.
  /// Connections in use are closed when they come back.
  public func close() async {
    isClosed = true
    let waiting = waiters
    waiters.removeAll()
    for waiter in waiting {
      waiter.timeout.cancel()
      waiter.continuation.resume(throwing: Self.closedError)
    }
    let connections = idle
    idle.removeAll()
    openCount -= connections.count
    for connection in connections { await connection.close() }
  }

  private static let closedError = PostgresError(.poolClosed, message: "the pool is closed")

  private func checkOut() async throws -> PostgresConnection {
    guard !isClosed else { throw Self.closedError }
    while let connection = idle.popLast() {
      if await connection.isUsable() { return connection }
      openCount -= 1
      await connection.close()
    }
    if openCount < maximumConnections {
      openCount += 1
      return try await openReserved()
    }
    switch try await waitInLine() {
    case .connection(let connection): return connection
    case .slot: return try await openReserved()
    }
  }

  /// Opens a connection in a slot already counted in `openCount`.
  private func openReserved() async throws -> PostgresConnection {
    statistics.peakOpen = max(statistics.peakOpen, openCount)
    do {
      let connection = try await connector(configuration)
      statistics.opened += 1
      return connection
    } catch {
      releaseSlot()
      throw error
    }
  }

  private func checkIn(_ connection: PostgresConnection) async {
    if !isClosed, await connection.isUsable() {
      if waiters.isEmpty {
        idle.append(connection)
      } else {
        let waiter = waiters.removeFirst()
        waiter.timeout.cancel()
        waiter.continuation.resume(returning: .connection(connection))
      }
      return
    }
    await connection.close()
    releaseSlot()
  }

  /// Frees one slot, or hands it straight to the first waiter.
  private func releaseSlot() {
    guard !isClosed, !waiters.isEmpty else {
      openCount -= 1
      return
    }
    let waiter = waiters.removeFirst()
    waiter.timeout.cancel()
    waiter.continuation.resume(returning: .slot)
  }

  private func waitInLine() async throws -> Handoff {
    let id = nextWaiterID
    nextWaiterID += 1
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let clock = self.clock
        let limit = waitTimeout
        let timeout = Task { [weak self] in
          do {
            try await clock.sleep(limit)
          } catch {
            return
          }
          await self?.expire(id, with: Self.timeoutError(limit))
        }
        waiters.append(Waiter(id: id, continuation: continuation, timeout: timeout))
      }
    } onCancel: {
      Task { await self.expire(id, with: CancellationError()) }
    }
  }

  private func expire(_ id: Int, with error: any Error) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    let waiter = waiters.remove(at: index)
    waiter.timeout.cancel()
    waiter.continuation.resume(throwing: error)
  }

  private static func timeoutError(_ limit: Duration) -> PostgresError {
    PostgresError(
      .poolTimeout,
      message: "no database connection was free within \(limit.timeInterval) s")
  }
}
