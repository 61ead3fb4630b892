/// What the event loop does with a request: send an answer that was ready at once, or run
/// the rest of the work on a task and send its answer when it comes.
enum HTTPResponderOutcome: Sendable {
  /// The answer, made on the loop without suspending.
  case now(HTTPServerResponse)
  /// The work that answers, run on a task of its own: on the event loop's thread when
  /// `onEventLoop` (`LoopExecutor`, decision 206), else on the shared pool.
  case later(HTTPResponder, onEventLoop: Bool)
}

/// How the event loops ask for an answer: a plain `HTTPResponder` is always `.later`; a
/// router answers its synchronous routes `.now`.
typealias HTTPOutcomeResponder = @Sendable (HTTPServerRequest) -> HTTPResponderOutcome
