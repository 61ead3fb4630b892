/// Runs actions one at a time in the order they were asked for, each in a task of its own
/// (the caller's cancellation does not reach it).
@MainActor
final class SerialActions {
  private var tail: Task<Void, Never>?

  /// Runs `operation` after every action asked for before it and returns its result.
  func perform<T: Sendable>(_ operation: @escaping @MainActor () async -> T) async -> T {
    let previous = tail
    let task = Task { @MainActor in
      await previous?.value
      return await operation()
    }
    tail = Task { @MainActor in _ = await task.value }
    return await task.value
  }

  /// Waits until every action asked for so far has finished, including ones asked for
  /// while waiting.
  func waitUntilIdle() async {
    while let current = tail {
      await current.value
      if tail == current { break }
    }
  }
}
