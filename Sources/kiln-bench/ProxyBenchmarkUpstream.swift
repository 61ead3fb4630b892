import Foundation
import HTTPServer

extension Benchmark {
  /// The fast OpenAI-compatible upstream `kiln-bench proxy` starts in a child process, so
  /// its CPU and memory are apart from the client's and from kiln-server's.
  static let proxyUpstream = Benchmark(
    name: "proxy-upstream",
    summary: "(started by `proxy`) a fast OpenAI-compatible upstream on raw sockets",
    run: { arguments in try await ProxyBenchmarkUpstream(arguments: arguments).run() }
  )
}

/// `POST /v1/chat/completions` answering at once: a small JSON completion for
/// `"stream": false`, or an SSE stream of `chunks` content deltas, a finish chunk, a usage
/// chunk and `[DONE]`, each sent with a system call of its own, one right after the other
/// (`ProxyBenchmarkUpstreamServer`). `GET /v1/models` lists the one model. Anything else is
/// 404. `--event-loops` threads share the port.
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
    var events = (0..<chunks).map { _ in Self.chunk(#"{"content":"tok "}"#, finish: nil) }
    events.append(Self.chunk("{}", finish: "stop"))
    events.append(
      Array(
        (#"data: {"id":"gen-bench","object":"chat.completion.chunk","created":1,"#
          + #""model":"openai/gpt-4o-mini","choices":[],"usage":{"prompt_tokens":5,"#
          + #""completion_tokens":\#(chunks),"total_tokens":\#(chunks + 5)}}"# + "\n\n").utf8))
    events.append(Array("data: [DONE]\n\n".utf8))
    var framed = events.map {
      Array("\(String($0.count, radix: 16))\r\n".utf8) + $0 + Array("\r\n".utf8)
    }
    framed[framed.count - 1] += Array("0\r\n\r\n".utf8)
    let models = Array(
      #"{"object":"list","data":[{"id":"openai/gpt-4o-mini","object":"model"}]}"#.utf8)
    let replies = ProxyBenchmarkUpstreamServer.Replies(
      streamHead: Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n").utf8),
      events: framed,
      completion: Self.whole(Self.completion, type: "application/json"),
      models: Self.whole(models, type: "application/json"),
      notFound: Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
    #if canImport(Glibc)
      let port = try ProxyBenchmarkUpstreamServer.start(threads: eventLoops, replies: replies)
    #else
      throw BenchmarkError(description: "the benchmark upstream runs on Linux (epoll)")
    #endif
    FileHandle.standardOutput.write(Data("listening \(port)\n".utf8))
    // Runs until the benchmark stops it; bounded anyway.
    try await Task.sleep(for: .seconds(1800))
  }

  /// A whole `200` answer carrying `body`.
  private static func whole(_ body: [UInt8], type: String) -> [UInt8] {
    Array("HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
      + body
  }
}
