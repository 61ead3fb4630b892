/// The refresh in flight, shared by every caller of one session generation: callers join it
/// instead of starting another, and a new generation (after a sign-in or sign-out) never
/// joins an older one's. A value type owned by one actor, which makes its steps atomic.
struct SharedRefresh<Value: Sendable> {
  /// One running refresh.
  struct Flight {
    /// Tells this flight from the ones before and after it.
    let id: Int
    /// The session generation it renews.
    let generation: Int
    /// The work; its result is every caller's.
    let task: Task<Value, any Error>
  }

  /// The flight running now, if any.
  private(set) var current: Flight?
  private var lastID = 0

  /// The flight renewing `generation`, if one is running.
  func flight(for generation: Int) -> Flight? {
    guard let current, current.generation == generation else { return nil }
    return current
  }

  /// Starts a flight for `generation` running `work` (given the flight's id, to pass to
  /// `finished(_:)` at its end), replacing any older flight without cancelling it.
  mutating func start(
    generation: Int, _ work: @escaping @Sendable (Int) async throws -> Value
  ) -> Flight {
    lastID += 1
    let id = lastID
    let flight = Flight(id: id, generation: generation, task: Task { try await work(id) })
    current = flight
    return flight
  }

  /// Flight `id` ended: it is no longer current, unless another replaced it already.
  mutating func finished(_ id: Int) {
    if current?.id == id { current = nil }
  }

  /// Cancels the current flight and forgets it.
  mutating func cancel() {
    current?.task.cancel()
    current = nil
  }
}
