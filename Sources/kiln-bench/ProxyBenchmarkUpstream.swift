import Foundation
import HTTPServer

extension Benchmark {
  /// The fast OpenAI-compatible upstream `kiln-bench proxy` starts in a child process, so
  /// its CPU and memory are apart from the client's and from kiln-server's.
  static let proxyUpstream = Benchmark(
    name: "proxy-upstream",
    summary: "(started by `proxy`) a fast OpenAI-compatible upstream on HTTPServer",
    run: { arguments in try await ProxyBenchmarkUpstream(arguments: arguments).run() }
  )
}

/// `POST /v1/chat/completions` answering at once: a small JSON completion for
/// `"stream": false`, or an SSE stream of `chunks` content deltas, a finish chunk, a usage
/// chunk and `[DONE]`, each written as soon as the last is taken. `GET /v1/models` lists
/// the one model. Anything else is 404.
struct ProxyBenchmarkUpstream {
  var chunks = 20
  var eventLoops = HTTPServerConfiguration().eventLoopCount

  init(arguments: [String]) throws {
    let values = try BenchmarkSupport.positiveOptions(
      arguments, allowed: ["--chunks", "--event-loops"])
    chunks = values["--chunks"] ?? chunks
    eventLoops = values["--event-loops"] ?? eventLoops
  }

  static let completion = Array(
    (#"{"id":"gen-bench","object":"chat.completion","created":1,"model":"openai/gpt-4o-mini","#
      + #""choices":[{"index":0,"message":{"role":"assistant","content":"Hello there."},"#
      + #""finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":3,"#
      + #""total_tokens":8}}"#).utf8)

  static func chunk(_ delta: String, finish: String?) -> [UInt8] {
    let reason = finish.map { "\"\($0)\"" } ?? "null"
    return Array(
      (#"data: {"id":"gen-bench","object":"chat.completion.chunk","created":1,"#
        + #""model":"openai/gpt-4o-mini","choices":[{"index":0,"delta":"# + delta
        + #","finish_reason":"# + reason + "}]}\n\n").utf8)
  }

  func run() async throws {
    ServerBenchmarkTools.raiseOpenFileLimit()
    let chunks = chunks
    let token = Self.chunk(#"{"content":"tok "}"#, finish: nil)
    let finish = Self.chunk("{}", finish: "stop")
    let usage = Array(
      (#"data: {"id":"gen-bench","object":"chat.completion.chunk","created":1,"#
        + #""model":"openai/gpt-4o-mini","choices":[],"usage":{"prompt_tokens":5,"#
        + #""completion_tokens":\#(chunks),"total_tokens":\#(chunks + 5)}}"# + "\n\n").utf8)
    let done = Array("data: [DONE]\n\n".utf8)
    var router = HTTPRouter()
    router.add(.post, "/v1/chat/completions") { request, _ in
      let object = try? JSONSerialization.jsonObject(with: Data(request.body))
      let stream = (object as? [String: Any])?["stream"] as? Bool ?? false
      guard stream else {
        return HTTPServerResponse(
          status: .ok, fields: HTTPFields([("Content-Type", "application/json")]),
          body: Self.completion)
      }
      return HTTPServerResponse(
        fields: HTTPFields([("Content-Type", "text/event-stream")]),
        stream: HTTPResponseStream { writer in
          for _ in 0..<chunks { try await writer.write(token) }
          try await writer.write(finish)
          try await writer.write(usage)
          try await writer.write(done)
        })
    }
    router.add(.get, "/v1/models") { _, _ in
      .text(
        #"{"object":"list","data":[{"id":"openai/gpt-4o-mini","object":"model"}]}"#,
        contentType: "application/json")
    }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: eventLoops), router: router)
    let port = try server.start()
    FileHandle.standardOutput.write(Data("listening \(port)\n".utf8))
    // Runs until the benchmark stops it; bounded anyway.
    try await Task.sleep(for: .seconds(1800))
    await server.shutdown(deadline: .seconds(1))
  }
}
