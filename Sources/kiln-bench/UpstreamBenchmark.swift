import Core
import Foundation
import Networking
import TestSupport

extension Benchmark {
  /// `kiln-bench upstream [--requests N] [--concurrency C] [--cancels K] [--streams S]`: the pooled
  /// upstream client beside the per-transfer one, against a loopback upstream.
  static let upstream = Benchmark(
    name: "upstream",
    summary: "pooled upstream client vs per-transfer: latency, connections, cancel time",
    run: { arguments in try await UpstreamBenchmark(arguments: arguments).run() }
  )
}

/// Small requests, sequential and concurrent, through `HTTPConnectionPool` and through the
/// clients without it (a libcurl transfer with its own thread and handles per stream, and
/// `URLSession` for buffered requests), against a loopback upstream that answers at once;
/// then how long a cancelled stream takes to reach the upstream as a closed connection.
struct UpstreamBenchmark {
  var requests = 2_000
  var concurrency = 32
  var cancels = 20
  var streams = 200

  /// One way of sending a small request.
  struct Path: Sendable {
    let name: String
    let client: URLSessionHTTPClient
    let streaming: Bool
  }

  init(arguments: [String]) throws {
    let options = try BenchmarkSupport.positiveOptions(
      arguments, allowed: ["--requests", "--concurrency", "--cancels", "--streams"])
    requests = options["--requests"] ?? requests
    concurrency = options["--concurrency"] ?? concurrency
    cancels = options["--cancels"] ?? cancels
    streams = options["--streams"] ?? streams
  }

  func run() async throws {
    let pool = HTTPConnectionPool()
    if let reason = pool.unavailableReason {
      throw BenchmarkError(description: "the pool is unavailable: \(reason)")
    }
    let pooled = URLSessionHTTPClient(
      baseURL: nil, configuration: HTTPClientConfiguration(connectionPool: pool), clock: .live)
    let plain = URLSessionHTTPClient(baseURL: nil, clock: .live)
    let paths = [
      Path(name: "pooled send", client: pooled, streaming: false),
      Path(name: "pooled stream", client: pooled, streaming: true),
      Path(name: "per-transfer stream (libcurl)", client: plain, streaming: true),
      Path(name: "URLSession send", client: plain, streaming: false),
    ]
    print(
      "upstream: \(requests) small requests per path against a loopback upstream,"
        + " sequential and \(concurrency) at a time; \(cancels) cancelled streams")
    print(
      pad("path", 32) + pad("mode", 12) + pad("req/s", 10) + pad("p50", 10) + pad("p99", 10)
        + "connections (warm-up included)")
    for path in paths {
      for parallel in [1, concurrency] {
        let figures = try await measure(path, parallel: parallel)
        print(
          pad(path.name, 32) + pad(parallel == 1 ? "sequential" : "\(parallel) conc.", 12)
            + pad(format(figures.rate), 10) + pad(format(ms: figures.p50), 10)
            + pad(format(ms: figures.p99), 10) + "\(figures.connections)")
      }
    }
    print("client threads added while \(streams) streams are open at once:")
    for (name, client) in [("pooled", pooled), ("per-transfer (libcurl)", plain)] {
      print("  " + pad(name, 30) + "\(try await threadsHeld(client, streams: streams))")
    }
    print("time from cancelling a stream to the upstream seeing its connection close:")
    for (name, client) in [("pooled", pooled), ("per-transfer (libcurl)", plain)] {
      let times = try await cancelTimes(client)
      print(
        "  " + pad(name, 30) + "p50 \(format(ms: percentile(times, 0.5)))"
          + "  max \(format(ms: times.max() ?? 0))")
    }
  }

  struct Figures {
    var rate: Double
    var p50: Double
    var p99: Double
    var connections: Int
  }

  /// `requests` small requests through `path`, `parallel` at a time, on a fresh upstream
  /// (after a warm-up that is not counted), with the connections the upstream accepted.
  private func measure(_ path: Path, parallel: Int) async throws -> Figures {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    server.route(.post, "/v1/chat/completions", .json(#"{"id":"bench","choices":[]}"#))
    let request = HTTPRequest(
      url: server.url("/v1/chat/completions"), method: .post,
      body: Data(#"{"model":"m","messages":[{"role":"user","content":"hi"}]}"#.utf8))
    for _ in 0..<min(50, requests) { try await Self.once(path, request) }
    let clock = ContinuousClock()
    let started = clock.now
    let perWorker = max(1, requests / parallel)
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
      for _ in 0..<parallel {
        group.addTask {
          var latencies: [Double] = []
          latencies.reserveCapacity(perWorker)
          for _ in 0..<perWorker {
            let start = clock.now
            try await Self.once(path, request)
            latencies.append(Self.seconds(clock.now - start))
          }
          return latencies
        }
      }
      var all: [Double] = []
      for try await part in group { all += part }
      return all
    }
    let elapsed = Self.seconds(clock.now - started)
    return Figures(
      rate: Double(latencies.count) / elapsed, p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99), connections: server.connectionCount)
  }

  private static func once(_ path: Path, _ request: HTTPRequest) async throws {
    if path.streaming {
      _ = try await path.client.stream(request).body.collect()
    } else {
      _ = try await path.client.send(request)
    }
  }

  /// Streams that send one event and then nothing; each is cancelled once its first chunk
  /// has arrived, and timed until the upstream records the connection closed.
  private func cancelTimes(_ client: URLSessionHTTPClient) async throws -> [Double] {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    server.route(.get, "/stream", .eventStream([.text("data: first\n\n"), .stall]))
    let clock = ContinuousClock()
    var times: [Double] = []
    for index in 0..<cancels {
      let response = try await client.stream(HTTPRequest(url: server.url("/stream")))
      var iterator = response.body.makeAsyncIterator()
      _ = try await iterator.next()
      let start = clock.now
      response.body.cancel()
      let exchange = try await server.waitForExchange(index)
      times.append(Self.seconds(clock.now - start))
      guard exchange.outcome == .clientClosed else {
        throw BenchmarkError(description: "stream \(index) ended as \(exchange.outcome)")
      }
    }
    return times
  }

  private func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
  }

  private static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }

  private func format(_ value: Double) -> String {
    String(format: "%.0f", value)
  }

  private func format(ms seconds: Double) -> String {
    String(format: "%.3f ms", seconds * 1000)
  }
}
