import AI
import Foundation
import Networking
import TestSupport

extension Benchmark {
  /// `kiln-bench sse-limits [--gigabytes N]`: peak memory while a server sends an endless
  /// `data:` line, then one line of N GiB (1 by default), to the real chat client.
  static let sseLimits = Benchmark(
    name: "sse-limits",
    summary: "peak RSS for an endless SSE line and a 1 GiB line (target < 64 MB)",
    run: { arguments in try await SSELimitsBenchmark(arguments: arguments).run() }
  )
}

/// Streams hostile event streams over loopback into `OpenAICompatibleClient` with the
/// standard limits, and reports the process's peak resident memory after each and the
/// error the reply ended with. The server runs in the same process, so the figure covers
/// both ends.
struct SSELimitsBenchmark {
  /// Size of the single long line, in GiB.
  var gigabytes = 1
  /// The target for the process's peak resident memory.
  let targetMiB = 64

  init(arguments: [String]) throws {
    let options = try BenchmarkSupport.positiveOptions(arguments, allowed: ["--gigabytes"])
    gigabytes = options["--gigabytes"] ?? gigabytes
  }

  func run() async throws {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    // Without a line end the stream never ends: as much as a 64-bit count allows.
    server.route(
      .post, "/endless/chat/completions",
      .generated(
        byteCount: Int.max / 2, pattern: Data("data: AAAAAAAAAAAAAAAAAAAAAAAAAA".utf8),
        chunked: true, contentType: "text/event-stream"))
    server.route(.post, "/long/chat/completions", longLine())
    let http = URLSessionHTTPClient(baseURL: nil, clock: .live)
    let start = Measurement.peakResidentKiB()
    print(
      "sse-limits: standard limits (line \(ChatStreamLimits.standard.maximumLineBytes) bytes,"
        + " reply \(ChatStreamLimits.standard.maximumReplyBytes) bytes); peak RSS before:"
        + " \(start / 1024) MiB")
    var passed = true
    for (name, path) in [
      ("endless data: line", "/endless"), ("\(gigabytes) GiB data: line", "/long"),
    ] {
      let client = OpenAICompatibleClient(
        baseURL: server.url(path), apiKey: "sk-bench", model: "gpt-4o-mini", httpClient: http)
      let began = ContinuousClock.now
      let reply = await client.streamChatCompletion(
        ChatCompletionRequest(messages: [.user("Say A forever.")])
      ).collect()
      let seconds = (ContinuousClock.now - began).timeInterval
      let peak = Measurement.peakResidentKiB()
      let ok = peak < targetMiB * 1024
      passed = passed && ok
      let error = reply.outcome.map(describe) ?? "no outcome"
      print(
        "  \(name.padding(toLength: 20, withPad: " ", startingAt: 0))  peak RSS \(peak / 1024) MiB"
          + " (target < \(targetMiB) MB) \(ok ? "ok" : "MISSED")  in \(format(seconds)) s")
      print("    ended with \(error) Kept \(reply.content.utf8.count) bytes of text")
    }
    if !passed { throw BenchmarkError(description: "peak memory above \(targetMiB) MB") }
  }

  /// `data: ` followed by `gigabytes` GiB of `A` and the end of the event, as 64 KiB pieces
  /// that share one buffer.
  private func longLine() -> LoopbackResponse {
    let piece = Data(repeating: UInt8(ascii: "A"), count: 64 * 1024)
    let pieces = gigabytes * (1 << 30) / piece.count
    let steps: [LoopbackResponse.Step] =
      [.text("data: ")] + Array(repeating: .data(piece), count: pieces)
      + [.text("\n\ndata: [DONE]\n\n")]
    return LoopbackResponse.eventStream(steps)
  }

  private func describe(_ outcome: ChatCompletionOutcome) -> String {
    switch outcome {
    case .streamError(let error): return "\(error.code?.rawValue ?? "error"): \(error.message)"
    default: return "\(outcome)"
    }
  }

  private func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
