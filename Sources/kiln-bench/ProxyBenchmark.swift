import Foundation
import HTTPServer
import JOSE

extension Benchmark {
  /// `kiln-bench proxy`: the AI proxy's added latency, time to first token, throughput,
  /// errors and memory, against the same fast upstream reached directly.
  static let proxy = Benchmark(
    name: "proxy",
    summary: "kiln-server's AI proxy vs the upstream direct: added latency, TTFT, streams/s, RSS",
    run: { arguments in try await ProxyBenchmark(arguments: arguments).run() }
  )
}

/// Starts a fast OpenAI-compatible upstream (`kiln-bench proxy-upstream`, a child process)
/// and the release `kiln-server` (beside this binary) pointed at it, then sends the same
/// `POST /v1/chat/completions` to both: sequential small non-streaming replies, sequential
/// streams, and streams from 50, 64 and 1,000 concurrent clients; then the issue's
/// throughput target (50 clients) in three alternating rounds of 10,000 streams a side,
/// with nginx passing the same streams through beside them when it is here. Each client is
/// a user of its own (an HS256 token), so the figures include one admission per request in
/// the store.
/// Only loopback addresses are used.
struct ProxyBenchmark {
  var sequential = 2000
  var chunks = 20
  var databaseURL: String?
  let secret = "kiln-bench-proxy-secret-of-at-least-32-bytes"

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let text = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--database-url": databaseURL = text
      case "--requests", "--chunks":
        guard let value = Int(text), value > 0, value <= 100_000 else {
          throw BenchmarkError(description: "\(option) needs a positive whole number")
        }
        if option == "--requests" { sequential = value } else { chunks = value }
      default: throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    ServerBenchmarkTools.raiseOpenFileLimit()
    let kilnServer = try ServerBenchmarkTools.kilnServerPath()
    let loops = HTTPServerConfiguration().eventLoopCount
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-proxy-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let upstream = try ServerBenchmarkTools.Child(
      CommandLine.arguments[0],
      ["proxy-upstream", "--chunks", "\(chunks)", "--event-loops", "\(loops)"])
    defer { upstream.stop() }
    let upstreamPort = try await upstream.port()
    var environment = [
      "JWT_SECRET": secret, "UPSTREAM_BASE_URL": "http://127.0.0.1:\(upstreamPort)/v1",
      "UPSTREAM_API_KEY": "sk-bench-upstream", "KILN_FREE_MESSAGE_LIMIT": "1000000",
      "RATE_LIMIT": "1000000/1m", "EVENT_LOOPS": "\(loops)",
    ]
    if let databaseURL { environment["DATABASE_URL"] = databaseURL }
    let kiln = try ServerBenchmarkTools.Child(
      kilnServer, ["serve", "--port", "0", "--data-dir", directory + "/data"],
      environment: environment)
    defer { kiln.stop() }
    let kilnPort = try await kiln.port()
    let passThrough = try await startPassThrough(
      upstreamPort: upstreamPort, workers: loops, directory: directory)
    defer { passThrough?.child.stop() }
    print(
      "proxy: upstream and kiln-server with \(loops) event loops each, \(chunks) chunks a stream,"
        + " POST /v1/chat/completions")
    print(
      databaseURL == nil
        ? "  store: SQLite (WAL, synchronous=NORMAL: a commit survives a process crash; one"
          + " admission transaction and one ledger row per request)"
        : "  store: PostgreSQL (one admission round trip and one ledger row per request)")
    print("  each client is a user of its own; free limit and rate limit set out of reach")

    let tokens = try (0..<1000).map { index in
      try JWTSigner(hmacSecret: secret).sign(claims: [
        "sub": .string("bench-user-\(index)"), "role": .string("authenticated"),
        "aud": .string("authenticated"), "exp": .number(4_000_000_000),
      ])
    }
    let plain = tokens.map { request(token: $0, stream: false) }
    let streamed = tokens.map { request(token: $0, stream: true) }
    let targets = [("direct", upstreamPort), ("kiln-server", kilnPort)]
    // Warm both (connections, pools, the store's first pages), and nginx.
    for (_, port) in targets + (passThrough.map { [("nginx", $0.port)] } ?? []) {
      _ = await load(port, plain, clients: 1, rounds: 200, stream: false)
      _ = await load(port, streamed, clients: 64, rounds: 5, stream: true)
    }
    var missed: [String] = []
    var results: [String: [ProxyBenchmarkLoad.Result]] = [:]
    for (name, port) in targets {
      results[name] = [
        await load(port, plain, clients: 1, rounds: sequential, stream: false),
        await load(port, streamed, clients: 1, rounds: sequential / 2, stream: true),
        await load(port, streamed, clients: 50, rounds: 30, stream: true),
        await load(port, streamed, clients: 64, rounds: 30, stream: true),
        await load(port, streamed, clients: 1000, rounds: 3, stream: true),
      ]
    }
    // The throughput target, measured long enough to be read: 10,000 streams a side, in
    // three rounds alternating direct and through kiln-server, judged on the median ratio.
    // nginx passing the same streams through, when it is here, is measured in each round
    // for scale: what a proxy that reads nothing it passes reaches on this machine.
    // Each server's CPU time per stream is read around each load as well: steadier than
    // streams per second on a shared machine, and what a change to kiln-server moves.
    var rounds: [ProxyBenchmarkReport.ThroughputRound] = []
    let upstreamStat = ["/proc/\(upstream.pid)/stat"]
    let kilnStat = ["/proc/\(kiln.pid)/stat"]
    func cpu(_ statPaths: [String]) -> Double {
      statPaths.reduce(0) { $0 + ServerBenchmarkTools.cpuSeconds(statPath: $1) }
    }
    for _ in 0..<3 {
      var cost = ProxyBenchmarkReport.CPUPerStream()
      var start = cpu(upstreamStat)
      let direct = await load(upstreamPort, streamed, clients: 50, rounds: 200, stream: true)
      cost.upstreamAlone = perStream(cpu(upstreamStat) - start, direct)
      start = cpu(kilnStat)
      let upstreamStart = cpu(upstreamStat)
      let proxied = await load(kilnPort, streamed, clients: 50, rounds: 200, stream: true)
      cost.kilnServer = perStream(cpu(kilnStat) - start, proxied)
      cost.upstreamBehindKiln = perStream(cpu(upstreamStat) - upstreamStart, proxied)
      var nginx: ProxyBenchmarkLoad.Result?
      if let passThrough {
        // The workers do the work; the master only starts them.
        let workers = ServerBenchmarkTools.childStatPaths(of: passThrough.child.pid)
        start = cpu(workers)
        let result = await load(passThrough.port, streamed, clients: 50, rounds: 200, stream: true)
        cost.nginx = perStream(cpu(workers) - start, result)
        nginx = result
      }
      rounds.append(.init(direct: direct, proxied: proxied, passThrough: nginx, cost: cost))
    }
    let memory = ServerBenchmarkTools.memoryKiB(kiln.pid)
    let report = ProxyBenchmarkReport(
      direct: results["direct", default: []], proxied: results["kiln-server", default: []],
      throughput: rounds, residentKiB: memory.resident, peakKiB: memory.peak)
    missed = report.printAndJudge(sequential: sequential)
    kiln.stop()
    try await breakdown(
      kilnServer, environment: environment, directory: directory, plain: plain,
      streamed: streamed, direct: results["direct", default: []].first)
    if !missed.isEmpty {
      throw BenchmarkError(description: "missed: " + missed.joined(separator: "; "))
    }
  }

  /// The same sequential small requests to a kiln-server with no upstream (the echo model
  /// answers in process): what the HTTP server, token check, admission and ledger cost,
  /// apart from the upstream call through Networking's client.
  private func breakdown(
    _ kilnServer: String, environment: [String: String], directory: String,
    plain: [[UInt8]], streamed: [[UInt8]], direct: ProxyBenchmarkLoad.Result?
  ) async throws {
    var echoEnvironment = environment
    echoEnvironment["UPSTREAM_BASE_URL"] = nil
    echoEnvironment["UPSTREAM_API_KEY"] = nil
    let echo = try ServerBenchmarkTools.Child(
      kilnServer, ["serve", "--port", "0", "--data-dir", directory + "/echo"],
      environment: echoEnvironment)
    defer { echo.stop() }
    let port = try await echo.port()
    _ = await load(port, plain, clients: 1, rounds: 200, stream: false)
    let result = await load(port, plain, clients: 1, rounds: sequential, stream: false)
    let thousand = await load(port, streamed, clients: 1000, rounds: 3, stream: true)
    let memory = ServerBenchmarkTools.memoryKiB(echo.pid)
    typealias Result = ProxyBenchmarkLoad.Result
    let p50 = Result.percentile(result.latencies, 0.5)
    let p99 = Result.percentile(result.latencies, 0.99)
    print("  breakdown: kiln-server with the echo model (no upstream call), same requests:")
    print(
      "    p50 \(String(format: "%.3f", p50)) ms  p99 \(String(format: "%.3f", p99)) ms"
        + "  errors \(result.errors)"
        + (direct.map {
          "  (vs direct upstream p50 \(String(format: "%.3f", Result.percentile($0.latencies, 0.5))) ms)"
        } ?? ""))
    print(
      "    1,000 concurrent echo streams: \(thousand.completed) complete, \(thousand.errors)"
        + " errors, RSS peak \(memory.peak / 1024) MiB")
  }

  /// nginx passing requests through to the upstream (`nginxPassThroughConfiguration`), or
  /// `nil` when nginx is not here and cannot be installed.
  private func startPassThrough(
    upstreamPort: Int, workers: Int, directory: String
  ) async throws -> (child: ServerBenchmarkTools.Child, port: Int)? {
    guard let tools = await ServerBenchmarkTools.nginxAndWrk() else { return nil }
    let port = ServerBenchmarkTools.freePort()
    let configuration = directory + "/nginx.conf"
    let nginx: ServerBenchmarkTools.Child
    do {
      try ServerBenchmarkTools.nginxPassThroughConfiguration(
        directory: directory, port: port, workers: workers, upstreamPort: upstreamPort
      ).write(toFile: configuration, atomically: true, encoding: .utf8)
      nginx = try ServerBenchmarkTools.Child(
        tools.nginx, ["-p", directory, "-c", configuration, "-e", directory + "/error.log"])
    } catch {
      print("  nginx could not be started (\(error)); the pass-through comparison is skipped")
      return nil
    }
    // Until nginx answers (bounded: 50 tries, 100 ms apart); one that never does is stopped
    // and left out rather than measured as a failure.
    for _ in 0..<50 where ServerBenchmarkLoad.probeLatency(port: port, requests: 1) == nil {
      do {
        try await Task.sleep(for: .milliseconds(100))
      } catch {
        nginx.stop()
        throw error
      }
    }
    guard ServerBenchmarkLoad.probeLatency(port: port, requests: 1) != nil else {
      nginx.stop()
      print("  nginx did not answer on port \(port); the pass-through comparison is skipped")
      return nil
    }
    return (nginx, port)
  }

  /// CPU seconds spent over a load, in microseconds per completed stream.
  private func perStream(_ seconds: Double, _ result: ProxyBenchmarkLoad.Result) -> Double {
    result.completed > 0 ? seconds * 1_000_000 / Double(result.completed) : .nan
  }

  private func request(token: String, stream: Bool) -> [UInt8] {
    let body =
      #"{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"Say hello."}],"#
      + #""stream":\#(stream)}"#
    return Array(
      ("POST /v1/chat/completions HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer \(token)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        .utf8)
  }

  private func load(
    _ port: Int, _ requests: [[UInt8]], clients: Int, rounds: Int, stream: Bool
  ) async -> ProxyBenchmarkLoad.Result {
    await ServerBenchmarkLoad.onThread {
      ProxyBenchmarkLoad.run(
        port: port, requests: requests, clients: clients, rounds: rounds, stream: stream,
        deadline: 120)
    }
  }
}
