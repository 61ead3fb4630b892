/// The events of one streamed reply, as an `AsyncSequence` that never throws: every failure
/// arrives as the outcome in the last event, `.finished`, after whatever content came first.
///
/// Nothing is sent until the sequence is iterated, and each iteration sends the request
/// again, so iterate it once. Stopping early (`break`, or cancelling the consuming task)
/// stops the network transfer at once; a cancelled consumer that asks for the next event
/// gets `.finished(.cancelled)`.
///
/// ```swift
/// var reply = ChatCompletionReply()
/// for await event in client.streamChatCompletion(request) {
///   reply.apply(event)
///   if case .content(let text) = event { show(text) }
/// }
/// if let error = reply.outcome?.appError { show(error) }
/// ```
public struct ChatCompletionStream: AsyncSequence, Sendable {
  /// One event.
  public typealias Element = ChatStreamEvent
  /// The sequence does not throw.
  public typealias Failure = Never

  private let makeSource: @Sendable () -> any ChatStreamEventSource

  /// A stream whose iterations pull from a new source made by `makeSource`.
  init(makeSource: @escaping @Sendable () -> any ChatStreamEventSource) {
    self.makeSource = makeSource
  }

  /// A stream that replays `events` (for previews and test doubles). A `.finished` event is
  /// added when `events` has none: `.completed(finishReason: .stop)`.
  public init(events: [ChatStreamEvent]) {
    var events = events
    if !events.contains(where: { if case .finished = $0 { true } else { false } }) {
      events.append(.finished(.completed(finishReason: .stop)))
    }
    let replay = events
    self.init(makeSource: { ReplayEventSource(events: replay) })
  }

  /// A stream that forwards `events`, for test doubles that pace their events; iterate it
  /// once. When `events` ends without a `.finished` event, the stream adds
  /// `.finished(.cancelled)` if the consumer was cancelled and
  /// `.finished(.incomplete(cause: nil))` otherwise.
  public init(_ events: AsyncStream<ChatStreamEvent>) {
    self.init(makeSource: { AsyncStreamEventSource(base: events.makeAsyncIterator()) })
  }

  /// Creates an iterator; this starts the request when it first asks for an event.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(source: makeSource())
  }

  /// Reads the whole stream and returns the reply it built.
  public func collect() async -> ChatCompletionReply {
    var reply = ChatCompletionReply()
    for await event in self { reply.apply(event) }
    return reply
  }

  /// Pulls events from a source and makes sure exactly one `.finished` ends them.
  public struct AsyncIterator: AsyncIteratorProtocol {
    /// The iterator does not throw.
    public typealias Failure = Never

    private var source: any ChatStreamEventSource
    private var isFinished = false

    fileprivate init(source: any ChatStreamEventSource) {
      self.source = source
    }

    /// The next event, or `nil` after `.finished`.
    ///
    /// Only the nonisolated form exists: the HTTP body's iterator cannot be sent into an
    /// actor-isolated call, so a consumer on an actor hops once per event (the standard
    /// library's `next(isolation:)` does that), which costs nothing a view notices.
    public mutating func next() async -> ChatStreamEvent? {
      guard !isFinished else { return nil }
      guard let event = await source.next() else {
        isFinished = true
        return .finished(Task.isCancelled ? .cancelled : .incomplete(cause: nil))
      }
      if case .finished = event { isFinished = true }
      return event
    }
  }
}

/// Something that produces the events of one reply, pulled one at a time.
protocol ChatStreamEventSource {
  /// The next event, or `nil` when there are no more.
  mutating func next() async -> ChatStreamEvent?
}

/// Replays a fixed list.
private struct ReplayEventSource: ChatStreamEventSource {
  let events: [ChatStreamEvent]
  var position = 0

  mutating func next() async -> ChatStreamEvent? {
    guard position < events.count else { return nil }
    defer { position += 1 }
    return events[position]
  }
}

/// Forwards an `AsyncStream`.
private struct AsyncStreamEventSource: ChatStreamEventSource {
  var base: AsyncStream<ChatStreamEvent>.Iterator

  mutating func next() async -> ChatStreamEvent? {
    await base.next()
  }
}
