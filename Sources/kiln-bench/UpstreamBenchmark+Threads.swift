import Foundation
import Networking
import TestSupport

extension UpstreamBenchmark {
  /// How many threads the client side adds while `streams` streams are open at once: the
  /// process's threads then, less those before, less the loopback upstream's own (one per
  /// open connection, in this same process).
  func threadsHeld(_ client: URLSessionHTTPClient, streams: Int) async throws -> Int {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    let gate = LoopbackGate("release the streams")
    server.route(.get, "/hold", .eventStream([.text("data: first\n\n"), .gate(gate)]))
    let url = server.url("/hold")
    let before = Self.threadCount()
    let responses = try await withThrowingTaskGroup(of: HTTPStreamResponse.self) { group in
      for _ in 0..<streams {
        group.addTask { try await client.stream(HTTPRequest(url: url)) }
      }
      var responses: [HTTPStreamResponse] = []
      for try await response in group { responses.append(response) }
      return responses
    }
    let during = Self.threadCount()
    let upstreamThreads = server.openConnectionCount
    gate.open()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for response in responses {
        group.addTask { _ = try await response.body.collect() }
      }
      try await group.waitForAll()
    }
    return during - before - upstreamThreads
  }

  /// The threads of this process (`Threads:` in `/proc/self/status`), 0 where unknown.
  static func threadCount() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }),
      let count = Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
    else { return 0 }
    return count
  }
}
