/// The reply a chat screen is generating, in a task of its own that `stop()` cancels; once
/// closed, the screen starts no more replies.
@MainActor
final class RunningReply {
  private var task: Task<ReplyResult?, Never>?
  /// Whether the screen is going away.
  private(set) var isClosed = false

  /// Runs `body` as the reply `stop()` cancels and returns its result; the caller's
  /// cancellation does not reach it.
  func run(_ body: @escaping @MainActor () async -> ReplyResult?) async -> ReplyResult? {
    let task = Task { @MainActor in await body() }
    self.task = task
    defer { self.task = nil }
    return await task.value
  }

  /// Cancels the reply being generated, if any.
  func stop() {
    task?.cancel()
  }

  /// Cancels the reply and refuses later ones.
  func close() {
    isClosed = true
    task?.cancel()
  }
}
