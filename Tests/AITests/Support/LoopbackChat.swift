import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// A loopback server with an HTTP client pointed at it, for driving chat clients over real
/// sockets.
struct LoopbackChat {
  let server: LoopbackHTTPServer
  let http: URLSessionHTTPClient

  /// Runs `body` with a fresh server, stopping it afterwards.
  static func run(
    interceptors: [any HTTPInterceptor] = [],
    _ body: (LoopbackChat) async throws -> Void
  ) async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let http = URLSessionHTTPClient(
        baseURL: nil, interceptors: interceptors, clock: .fixed(Fixture.referenceDate))
      try await body(LoopbackChat(server: server, http: http))
    }
  }

  /// An OpenAI-compatible client for the server's `/v1`.
  func openAIClient(
    apiKey: String? = "sk-test-key", model: ModelID? = "gpt-4o-mini"
  )
    -> OpenAICompatibleClient
  {
    OpenAICompatibleClient(
      baseURL: server.url("/v1"), apiKey: apiKey, model: model, httpClient: http)
  }

  /// Scripts the chat endpoint to send `text` as an event stream in pieces of `pieceSize`
  /// bytes (the last piece may be shorter), so events and UTF-8 cross chunk boundaries.
  func scriptStream(
    _ text: String, path: String = "/v1/chat/completions", pieceSize: Int = 61,
    headers: [String: String] = [:]
  ) {
    var response = LoopbackResponse.eventStream(Self.pieces(of: text, size: pieceSize))
    for (name, value) in headers { response = response.header(name, value) }
    server.enqueue(response, method: .post, path: path)
  }

  /// `text`'s UTF-8 split into `.data` steps of `size` bytes.
  static func pieces(of text: String, size: Int) -> [LoopbackResponse.Step] {
    let bytes = Array(text.utf8)
    return stride(from: 0, to: bytes.count, by: size).map { start in
      .data(Data(bytes[start..<min(start + size, bytes.count)]))
    }
  }

  /// The JSON object the request at `index` carried.
  func requestBody(_ index: Int = 0) throws -> [String: Any] {
    let request = try #require(server.requests.dropFirst(index).first)
    let object = try JSONSerialization.jsonObject(with: request.body)
    return try #require(object as? [String: Any])
  }
}
