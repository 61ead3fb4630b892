import Synchronization

/// What a handler adds to the access-log line of its exchange, beyond what the HTTP server
/// sees: who asked (the token's `sub`, an opaque id), which model the upstream was asked for
/// (aliases resolved) or which sync function was called, and how the request ended. It has
/// no place for a token, a prompt, a reply or a synced row, so none can reach the log
/// through it.
public struct BackendLogFields: Sendable, Hashable {
  /// The user the access token speaks for, once it was accepted.
  public var userID: String?
  /// The allowed model the upstream was asked for.
  public var model: String?
  /// The contract's error code of a refusal (`free_quota_exhausted`, `upstream_error`, …).
  public var refusal: String?
  /// How an admitted reply ended: `completed`, `cancelled` or `upstream_error`.
  public var reply: String?
  /// The upstream's generation id, when it sent one.
  public var upstreamGenerationID: String?
  /// Prompt tokens, when the upstream reported them.
  public var promptTokens: Int?
  /// Completion tokens, when the upstream reported them.
  public var completionTokens: Int?
  /// Whether the free message charged at admission was given back (decision 133).
  public var freeMessageRefunded = false
  /// The sync function called (`sync_pull`, `sync_push`), once the path named one.
  public var syncFunction: String?

  /// No fields yet.
  public init() {}
}

/// The fields of one exchange, filled in by its handler while it runs (a streamed body's
/// outcome is known only at its end) and read by kiln-server's access log once the
/// response is complete.
public final class BackendLogNote: Sendable {
  private let state = Mutex(BackendLogFields())

  /// An empty note.
  public init() {}

  /// Changes the fields.
  public func update(_ change: (inout BackendLogFields) -> Void) {
    state.withLock { change(&$0) }
  }

  /// The fields as they are now.
  public var fields: BackendLogFields { state.withLock { $0 } }
}
