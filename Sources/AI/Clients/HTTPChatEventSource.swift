import Core
import Foundation
import Networking

/// The events of one HTTP chat-completions stream: sends the request when first asked,
/// then decodes the body chunk by chunk as the consumer pulls, so decoding runs on the
/// consumer's task and a slow consumer slows the transfer instead of filling memory.
///
/// The transfer stops as soon as the stream ends early: when the decoder saw `[DONE]` or
/// an error, when the consumer is cancelled, or when the consumer drops the iterator.
struct HTTPChatEventSource: ChatStreamEventSource {
  /// Sends the request and returns once the response head arrived.
  let open: @Sendable () async throws -> HTTPStreamResponse
  /// Logs outcomes that are failures.
  let logger: AppLogger
  /// What the request authenticates with, for what a refusal means.
  let credential: HTTPFailure.Credential

  private var started = false
  private var body: HTTPResponseBody.Iterator?
  private var decoder: ChatCompletionStreamDecoder
  private var buffer: [ChatStreamEvent] = []
  private var position = 0

  init(
    logger: AppLogger, limits: ChatStreamLimits = .standard,
    credential: HTTPFailure.Credential = .session,
    open: @escaping @Sendable () async throws -> HTTPStreamResponse
  ) {
    self.open = open
    self.logger = logger
    self.decoder = ChatCompletionStreamDecoder(limits: limits)
    self.credential = credential
  }

  mutating func next() async -> ChatStreamEvent? {
    while true {
      if position < buffer.count {
        let event = buffer[position]
        position += 1
        if case .finished(let outcome) = event { log(outcome) }
        return event
      }
      buffer.removeAll(keepingCapacity: true)
      position = 0
      if decoder.isFinished { return nil }
      if !started {
        started = true
        await start()
      } else {
        await readNextChunk()
      }
    }
  }

  private mutating func start() async {
    do {
      let response = try await open()
      buffer.append(.started(Self.responseInfo(response.headers)))
      if let page = Self.webPageType(response.headers) {
        // A login page or a site's front page: nothing in it is a reply, and calling it a
        // cut-off reply would send the user looking at their connection.
        response.body.cancel()
        decoder.end(with: .streamError(.notAnEventStream(contentType: page)), into: &buffer)
      } else if Self.isJSON(response.headers) {
        try await readWholeJSONBody(response.body)
      } else {
        body = response.body.makeAsyncIterator()
      }
    } catch {
      decoder.end(
        with: Self.outcome(forRequestError: error, credential: credential), into: &buffer)
    }
  }

  private mutating func readNextChunk() async {
    guard var iterator = body else {
      decoder.finish(cause: nil, into: &buffer)
      return
    }
    do {
      if let chunk = try await iterator.next() {
        body = iterator
        decoder.push(chunk, into: &buffer)
      } else if Task.isCancelled {
        // A cancelled consumer sees the body end rather than throw.
        body = nil
        decoder.end(with: .cancelled, into: &buffer)
      } else {
        body = nil
        decoder.finish(cause: nil, into: &buffer)
      }
    } catch {
      body = nil
      if Self.isCancellation(error) {
        decoder.end(with: .cancelled, into: &buffer)
      } else {
        decoder.finish(cause: AppError.from(error), into: &buffer)
      }
    }
    // Dropping the iterator stops the transfer: nothing after `[DONE]` or an error is read.
    if decoder.isFinished { body = nil }
  }

  /// A server that ignored `stream: true` (or answered 200 with an error object) sent one
  /// JSON document: decode it as a single event, so its text or error is not lost.
  private mutating func readWholeJSONBody(_ body: HTTPResponseBody) async throws {
    var data = Data()
    let limit = decoder.limits.eventStream.maximumEventBytes
    for try await chunk in body {
      guard data.count <= limit - chunk.count else {
        body.cancel()
        decoder.end(
          with: .streamError(.limitPassed(.eventTooLarge(limit: limit))), into: &buffer)
        return
      }
      data.append(chunk)
    }
    decoder.handle(ServerSentEvent(data: String(decoding: data, as: UTF8.self)), into: &buffer)
    decoder.finish(cause: nil, into: &buffer)
  }

  private func log(_ outcome: ChatCompletionOutcome) {
    switch outcome {
    case .completed, .cancelled:
      return
    case .streamError(let error):
      logger.error(
        "chat stream ended with a provider error: \(error.code?.rawValue ?? "no code")",
        category: .ai)
    default:
      logger.error(
        "chat stream failed: \(outcome.appError?.code ?? "unknown")", category: .ai)
    }
  }
}

extension HTTPChatEventSource {
  /// What the response head says for the app: the proxy's free-tier count and the ids.
  static func responseInfo(_ headers: HTTPHeaders) -> ChatResponseInfo {
    ChatResponseInfo(
      freeMessagesRemaining: freeMessagesRemaining(headers),
      generationID: headers["X-Generation-Id"], requestID: headers["X-Request-ID"])
  }

  /// `X-Free-Messages-Remaining` as a count, when present and a whole number.
  static func freeMessagesRemaining(_ headers: HTTPHeaders) -> Int? {
    headers["X-Free-Messages-Remaining"].flatMap { Int($0.trimmingWhitespace()) }
  }

  /// The outcome for a request that produced no stream.
  static func outcome(
    forRequestError error: any Error, credential: HTTPFailure.Credential = .session
  ) -> ChatCompletionOutcome {
    if isCancellation(error) { return .cancelled }
    if case .status(let response, let retryAfter) = error as? HTTPError {
      let providerError = ProviderErrorReader.error(inBody: response.data)
      return .httpError(
        HTTPFailure(
          status: response.statusCode, code: providerError?.code,
          message: providerError?.message, retryAfter: retryAfter,
          freeMessagesRemaining: freeMessagesRemaining(response.headers),
          credential: credential))
    }
    return .failed(AppError.from(error))
  }

  static func isCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    if case .cancelled = error as? HTTPError { return true }
    return AppError.from(error) == .cancelled
  }

  /// The media type of an HTML (or XHTML) answer, which is never a reply.
  private static func webPageType(_ headers: HTTPHeaders) -> String? {
    guard let type = headers["Content-Type"]?.lowercased() else { return nil }
    let media = type.split(separator: ";").first.map(String.init)?.trimmingWhitespace() ?? type
    return media == "text/html" || media == "application/xhtml+xml" ? media : nil
  }

  private static func isJSON(_ headers: HTTPHeaders) -> Bool {
    guard let type = headers["Content-Type"]?.lowercased() else { return false }
    return type.hasPrefix("application/json")
  }
}
