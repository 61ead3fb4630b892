import Backend
import Foundation
import HTTPServer
import Networking
import Synchronization
import Testing

@testable import kiln_server

/// The adapter between the HTTP server and Backend: requests in, answers out, and streamed
/// bodies bridged over a real loopback connection.
@Suite struct BackendAdapterTests {
  @Test func aServerRequestBecomesABackendRequestWithItsIdQueryAndPeer() {
    let head = HTTPRequestHead(
      method: .post, target: "/v1/chat/completions?a=1&b=two%20words", version: .http11,
      fields: HTTPFields([("Authorization", "Bearer t"), ("X-Request-ID", "abc-123")]),
      framing: .contentLength(2), keepAlive: true, expectsContinue: false)
    let request = HTTPServerRequest(
      head: head, body: Array("{}".utf8),
      remoteAddress: HTTPRemoteAddress(host: "10.0.0.7", port: 5000))
    let backend = BackendAdapter.backendRequest(request)
    #expect(backend.method == "POST")
    #expect(backend.path == "/v1/chat/completions")
    #expect(backend.queryValue("b") == "two words")
    #expect(backend.header("authorization") == "Bearer t")
    #expect(backend.body == Array("{}".utf8))
    #expect(backend.requestID == "abc-123")
    #expect(backend.clientAddress == "10.0.0.7")
  }

  @Test func aWholeBackendResponseKeepsItsStatusFieldsAndBody() {
    let response = BackendAdapter.response(
      APIError(status: 429, code: "rate_limited", message: "Slow down", retryAfter: 2).response)
    #expect(response.status.code == 429)
    #expect(response.fields["Retry-After"] == "2")
    #expect(response.fields["Content-Type"] == "application/json")
    guard case .bytes(let bytes) = response.body else {
      Issue.record("not a whole body")
      return
    }
    #expect(String(decoding: bytes, as: UTF8.self).contains("rate_limited"))
  }

  @Test func aClientGoneErrorSurfacesFromTheBackendWriter() async {
    let writer = BridgedBodyWriter(base: GoneWriter())
    await #expect(throws: HTTPBodyWriterError.clientGone) {
      try await writer.write(Array("data: x\n\n".utf8))
    }
  }

  @Test func aStreamedBodyReachesTheClientAndStopsWhenItLeaves() async throws {
    let ended = EndedBox()
    let (stopped, stoppedContinuation) = AsyncStream<Void>.makeStream()
    var router = HTTPRouter()
    router.add(
      .get, "/events",
      handler: BackendAdapter.handler { _ in
        BackendResponse(
          status: 200, headers: [("Content-Type", "text/event-stream")],
          stream: BackendStream { writer in
            do {
              try await writer.write(Array("data: first\n\n".utf8))
              let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
              while true { try await writer.write(filler) }
            } catch {
              ended.set(error)
              stoppedContinuation.yield()
              throw error
            }
          })
      })
    let server = HTTPServer(router: router)
    let port = try server.start()
    let client = URLSessionHTTPClient(baseURL: nil, clock: .fixed(Date(timeIntervalSince1970: 0)))
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/events"))
    let response = try await client.stream(HTTPRequest(url: url))
    #expect(response.statusCode == 200)
    #expect(response.headers["Content-Type"] == "text/event-stream")
    var iterator = response.body.makeAsyncIterator()
    let first = try #require(try await iterator.next())
    #expect(String(decoding: first, as: UTF8.self).hasPrefix("data: first\n\n"))
    response.body.cancel()
    var signals = stopped.makeAsyncIterator()
    _ = await signals.next()
    let error = ended.get()
    #expect(error is HTTPBodyWriterError || error is CancellationError)
    await server.shutdown(deadline: .milliseconds(100))
  }
}

/// How the producer's writes ended.
private final class EndedBox: Sendable {
  private let state = Mutex<(any Error)?>(nil)
  func set(_ error: any Error) { state.withLock { $0 = error } }
  func get() -> (any Error)? { state.withLock { $0 } }
}

/// The HTTP server's writer after the client has left.
private struct GoneWriter: HTTPBodyWriter {
  func write(_ bytes: [UInt8]) async throws { throw HTTPBodyWriterError.clientGone }
}
