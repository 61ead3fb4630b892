import Core
import Foundation
import Synchronization

/// Times every request and reports it to observers (access log, metrics) once its response
/// is complete. A streamed body is followed to its end: the bytes its producer writes are
/// counted and the record is made when it returns, throws, or its client leaves.
///
/// Put it after `RequestIDMiddleware` so records carry the identifier.
public struct ObservationMiddleware: HTTPSynchronousMiddleware {
  private let clock: AppClock
  private let observers: [any HTTPExchangeObserver]

  /// Reports to `observers`, timing with `clock`.
  public init(clock: AppClock, observers: [any HTTPExchangeObserver]) {
    self.clock = clock
    self.observers = observers
  }

  /// Calls `next` and reports the exchange when the response is complete.
  public func respond(
    to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
  ) async -> HTTPServerResponse {
    let start = clock.now()
    return observe(await next(request), to: request, route: route, start: start)
  }

  /// The same as `respond`, without suspending.
  public func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse {
    let start = clock.now()
    return observe(next(request), to: request, route: route, start: start)
  }

  private func observe(
    _ response: HTTPServerResponse, to request: HTTPServerRequest, route: HTTPRouteMatch,
    start: Date
  ) -> HTTPServerResponse {
    var response = response
    let ready = clock.now()
    var record = HTTPExchangeRecord(
      start: start, requestID: nil, method: request.method, route: route.pattern,
      status: response.status.code, latency: .timeInterval(ready.timeIntervalSince(start)),
      duration: .timeInterval(ready.timeIntervalSince(start)), bodyBytes: 0, completed: true)
    record.requestIDBytes = request.fields.rawValue(named: RequestIDMiddleware.fieldName)
    switch response.body {
    case .bytes(let bytes):
      record.bodyBytes = request.method == .head || response.status.forbidsBody ? 0 : bytes.count
      record.fields = response.accessLogFields?.read() ?? []
      finish(record)
    case .stream(let stream):
      // The server never runs the producer of a HEAD answer or a body-less status.
      if request.method == .head || response.status.forbidsBody {
        record.fields = response.accessLogFields?.read() ?? []
        return finishing(response, record)
      }
      response.body = .stream(observed(stream, record, fields: response.accessLogFields))
    }
    return response
  }

  private func finishing(
    _ response: HTTPServerResponse, _ record: HTTPExchangeRecord
  ) -> HTTPServerResponse {
    finish(record)
    return response
  }

  private func observed(
    _ stream: HTTPResponseStream, _ record: HTTPExchangeRecord, fields: AccessLogFieldSource?
  ) -> HTTPResponseStream {
    let clock = clock
    let observers = observers
    // A copy with only its producer wrapped, so the stream's other settings (whether its
    // head waits for the body) reach the server as the handler made them.
    var watched = stream
    watched.produce = { writer in
      let counting = CountingBodyWriter(base: writer)
      var record = record
      do {
        try await stream.produce(counting)
      } catch {
        record.completed = false
        record.bodyBytes = counting.count
        record.duration = .timeInterval(clock.now().timeIntervalSince(record.start))
        record.fields = fields?.read() ?? []
        for observer in observers { observer.exchangeFinished(record) }
        throw error
      }
      record.bodyBytes = counting.count
      record.completed = !Task.isCancelled
      record.duration = .timeInterval(clock.now().timeIntervalSince(record.start))
      record.fields = fields?.read() ?? []
      for observer in observers { observer.exchangeFinished(record) }
    }
    return watched
  }

  private func finish(_ record: HTTPExchangeRecord) {
    for observer in observers { observer.exchangeFinished(record) }
  }
}

/// Passes writes through and counts the bytes that were accepted.
final class CountingBodyWriter: HTTPBodyWriter {
  private let base: any HTTPBodyWriter
  private let written = Atomic<Int>(0)

  init(base: any HTTPBodyWriter) { self.base = base }

  var count: Int { written.load(ordering: .relaxed) }

  func write(_ bytes: [UInt8]) async throws {
    try await base.write(bytes)
    written.add(bytes.count, ordering: .relaxed)
  }
}
