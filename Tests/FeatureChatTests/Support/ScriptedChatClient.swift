import AI
import Core
import Synchronization
import Testing

/// A chat client that answers each request with the next script, records every request,
/// and records an issue for a request nobody scripted. `verifyAllUsed()` (which
/// `ChatHarness.run` calls at the end) records an issue for every script never asked for.
final class ScriptedChatClient: ChatCompletionStreaming {
  /// How one request is answered.
  enum Script: Sendable {
    /// These events at once (a `.finished` is added when missing).
    case events([ChatStreamEvent])
    /// Events the test sends through the controller, at its own pace.
    case controlled(ScriptedStream)
    /// Events computed from the request.
    case reply(@Sendable (ChatCompletionRequest) -> [ChatStreamEvent])
  }

  private struct State {
    var scripts: [Script]
    var requests: [ChatCompletionRequest] = []
  }

  private let state: Mutex<State>
  private let fallback: Script?

  /// A client that answers with `scripts` in order, then with `fallback` (when given).
  init(_ scripts: [Script] = [], fallback: Script? = nil) {
    state = Mutex(State(scripts: scripts))
    self.fallback = fallback
  }

  /// A client whose every reply echoes the last user message, as `echo: <text>`, with
  /// usage 10 + 2 tokens and the model `scripted`.
  static func echoing() -> ScriptedChatClient {
    ScriptedChatClient(fallback: .reply(Self.echoEvents))
  }

  @Sendable static func echoEvents(_ request: ChatCompletionRequest) -> [ChatStreamEvent] {
    let text = request.messages.last { $0.role == .user }?.content ?? ""
    return [
      .started(ChatResponseInfo()), .model("scripted"), .content("echo: "), .content(text),
      .usage(TokenUsage(promptTokens: 10, completionTokens: 2)),
      .finished(.completed(finishReason: .stop)),
    ]
  }

  /// Adds a script at the end.
  func enqueue(_ script: Script) {
    state.withLock { $0.scripts.append(script) }
  }

  /// Every request received, in order.
  var requests: [ChatCompletionRequest] { state.withLock { $0.requests } }

  /// Scripts not used yet.
  var unusedScripts: Int { state.withLock { $0.scripts.count } }

  /// Records an issue when scripts were left unused: a reply the test prepared for a request
  /// that never came.
  func verifyAllUsed(sourceLocation: SourceLocation = #_sourceLocation) {
    let unused = unusedScripts
    guard unused > 0 else { return }
    Issue.record(
      "ScriptedChatClient: \(unused) scripted \(unused == 1 ? "reply was" : "replies were") never asked for",
      sourceLocation: sourceLocation)
  }

  func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    let script = state.withLock { state -> Script? in
      state.requests.append(request)
      return state.scripts.isEmpty ? fallback : state.scripts.removeFirst()
    }
    switch script {
    case .events(let events)?:
      return ChatCompletionStream(events: events)
    case .controlled(let stream)?:
      stream.markRequested(request)
      return ChatCompletionStream(stream.events)
    case .reply(let make)?:
      return ChatCompletionStream(events: make(request))
    case nil:
      Issue.record("unexpected request with \(request.messages.count) messages")
      return ChatCompletionStream(events: [.finished(.failed(.unknown("unscripted request")))])
    }
  }
}

/// A stream a test feeds event by event.
final class ScriptedStream: Sendable {
  let events: AsyncStream<ChatStreamEvent>
  private let continuation: AsyncStream<ChatStreamEvent>.Continuation
  private let requested = Mutex<ChatCompletionRequest?>(nil)

  init() {
    (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// The request that opened the stream, once it was made.
  var request: ChatCompletionRequest? { requested.withLock { $0 } }

  fileprivate func markRequested(_ request: ChatCompletionRequest) {
    requested.withLock { $0 = request }
  }

  /// Sends one event.
  func send(_ event: ChatStreamEvent) {
    continuation.yield(event)
  }

  /// Sends the outcome and ends the stream.
  func finish(_ outcome: ChatCompletionOutcome = .completed(finishReason: .stop)) {
    continuation.yield(.finished(outcome))
    continuation.finish()
  }

  /// Yields until the client was asked for this stream; false if that never happens.
  @discardableResult
  func waitUntilRequested(maxTurns: Int = 1_000_000) async -> Bool {
    for _ in 0..<maxTurns {
      if request != nil { return true }
      await Task.yield()
    }
    return request != nil
  }
}
