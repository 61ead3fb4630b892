/// What the event loop does with a request: send an answer that was ready at once, or run
/// the rest of the work on a task and send its answer when it comes.
enum HTTPResponderOutcome: Sendable {
  /// The answer, made on the loop without suspending.
  case now(HTTPServerResponse)
  /// The work that answers, run on a task of its own.
  case later(HTTPResponder)
}

/// How the event loops ask for an answer: a plain `HTTPResponder` is always `.later`; a
/// router answers its synchronous routes `.now`.
typealias HTTPOutcomeResponder = @Sendable (HTTPServerRequest) -> HTTPResponderOutcome
