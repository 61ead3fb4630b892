import Foundation
import HTTPServer

extension Benchmark {
  /// `kiln-bench server`: kiln-server against nginx on keep-alive GETs, 1,000 SSE streams,
  /// and latency while 500 slow heads are held open.
  static let server = Benchmark(
    name: "server",
    summary: "kiln-server vs nginx req/s, 1,000 SSE streams, 500 slow heads",
    run: { arguments in try await ServerBenchmark(arguments: arguments).run() }
  )
}

/// Runs the release `kiln-server` (beside this binary) and, when Debian's `nginx-light`
/// and `wrk` are present or installable, nginx with as many workers as kiln-server has
/// event loops, both serving the same 16-byte body, measured in alternating rounds; then
/// the SSE and slow-head scenarios, and how soon a streaming producer is told that its
/// client closed the connection (while the streams run and on an idle server). Only
/// loopback addresses are used.
struct ServerBenchmark {
  var loadSeconds = 10
  var streams = 1000
  var streamSeconds = 30
  var slowHeads = 500
  var disconnects = 200
  var rounds = 3
  let connections = 64
  let body = "{\"status\":\"ok\"}\\n"

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let text = remaining.popFirst(), let value = Int(text), value > 0, value <= 100_000
      else { throw BenchmarkError(description: "\(option) needs a positive whole number") }
      switch option {
      case "--seconds": loadSeconds = value
      case "--streams": streams = value
      case "--stream-seconds": streamSeconds = value
      case "--slow-heads": slowHeads = value
      case "--disconnects": disconnects = value
      case "--rounds": rounds = value
      default: throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    ServerBenchmarkTools.raiseOpenFileLimit()
    let kilnServer = try ServerBenchmarkTools.kilnServerPath()
    let loops = HTTPServerConfiguration().eventLoopCount
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-server-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    print("server: \(loops) event loops / nginx workers, \(connections) connections, wrk -t1")
    var missed: [String] = []

    let kiln = try ServerBenchmarkTools.Child(
      kilnServer, ["serve", "--port", "0", "--data-dir", directory + "/data"],
      environment: ["EVENT_LOOPS": "\(loops)"])
    defer { kiln.stop() }
    let kilnPort = try await kiln.port()
    if let tools = await ServerBenchmarkTools.nginxAndWrk() {
      missed += try await compare(
        kiln: (kiln.pid, kilnPort), tools: tools, loops: loops, in: directory)
    }
    missed += try await slowHeadScenario(port: kilnPort)
    kiln.stop()
    missed += try await streamScenario(loops: loops)
    if !missed.isEmpty {
      throw BenchmarkError(description: "missed: " + missed.joined(separator: "; "))
    }
  }

  private func compare(
    kiln kilnServer: (pid: Int32, port: Int), tools: (nginx: String, wrk: String), loops: Int,
    in directory: String
  ) async throws -> [String] {
    let nginxPort = ServerBenchmarkTools.freePort()
    let configuration = directory + "/nginx.conf"
    try ServerBenchmarkTools.nginxConfiguration(
      directory: directory, port: nginxPort, workers: loops, body: body
    ).write(toFile: configuration, atomically: true, encoding: .utf8)
    let nginx = try ServerBenchmarkTools.Child(
      tools.nginx, ["-p", directory, "-c", configuration, "-e", directory + "/error.log"])
    defer { nginx.stop() }
    // Until nginx answers (bounded: 50 tries, 100 ms apart).
    for _ in 0..<50 where ServerBenchmarkLoad.probeLatency(port: nginxPort, requests: 1) == nil {
      try await Task.sleep(for: .milliseconds(100))
    }
    // Rounds, the order flipped each time, so load from other work on a shared machine
    // falls on both servers alike; the median round decides.
    let targets = [("kiln-server", kilnServer.port), ("nginx", nginxPort)]
    // Where each server's CPU went: kiln-server's busiest threads (its loops), nginx's
    // workers. Both should share the load; one that does not is a different contest. The
    // threads and workers are listed at every reading, so one started since is counted.
    let nginxPID = nginx.pid
    func cpu(_ name: String) -> [String: Double] {
      let paths =
        name == "nginx"
        ? ServerBenchmarkTools.childStatPaths(of: nginxPID)
        : ServerBenchmarkTools.threadStatPaths(of: kilnServer.pid)
      return Dictionary(
        uniqueKeysWithValues: paths.map { ($0, ServerBenchmarkTools.cpuSeconds(statPath: $0)) })
    }
    var ratios: [Double] = []
    print(
      "  keep-alive GET, \(connections) connections, \(loadSeconds) s each, \(rounds) rounds"
        + " (order flipped every round):")
    for round in 0..<rounds {
      var results: [String: ServerBenchmarkTools.LoadResult] = [:]
      var shares: [String: [Double]] = [:]
      for (name, port) in round % 2 == 0 ? targets : targets.reversed() {
        let url = "http://127.0.0.1:\(port)/health"
        if round == 0 {
          _ = try await ServerBenchmarkTools.wrk(
            tools.wrk, url: url, connections: connections, seconds: 2)
        }
        let before = cpu(name)
        results[name] = try await ServerBenchmarkTools.wrk(
          tools.wrk, url: url, connections: connections, seconds: loadSeconds)
        shares[name] = ServerBenchmarkTools.busiestShares(
          before: before, after: cpu(name), count: loops)
      }
      guard let kiln = results["kiln-server"], let nginx = results["nginx"] else { continue }
      for (name, result) in [("kiln-server", kiln), ("nginx", nginx)] {
        print(
          "    \(round + 1). \(name.padding(toLength: 12, withPad: " ", startingAt: 0))"
            + "\(format(result.requestsPerSecond, 0)) req/s  p50 \(format(result.p50, 3)) ms"
            + "  p99 \(format(result.p99, 3)) ms  CPU split "
            + (shares[name] ?? []).map { format($0, 0) + "%" }.joined(separator: "/")
            + (result.errors.map { "  (\($0))" } ?? ""))
      }
      let ratio = kiln.requestsPerSecond / max(1, nginx.requestsPerSecond)
      print("       ratio \(format(ratio, 2))x")
      ratios.append(ratio)
    }
    let sorted = ratios.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let ok = median >= 0.8
    print(
      "    median ratio \(format(median, 2))x nginx (rounds: "
        + ratios.map { format($0, 2) }.joined(separator: ", ")
        + "; target >= 0.80) \(ok ? "ok" : "MISSED")")
    return ok ? [] : ["req/s \(format(median, 2))x nginx"]
  }

  private func slowHeadScenario(port: Int) async throws -> [String] {
    let requests = 2000
    let before = await ServerBenchmarkLoad.onThread {
      ServerBenchmarkLoad.probeLatency(port: port, requests: requests)
    }
    let slow = ServerBenchmarkLoad.SlowHeads(port: port, count: slowHeads)
    defer { slow.close() }
    let during = await ServerBenchmarkLoad.onThread {
      ServerBenchmarkLoad.probeLatency(port: port, requests: requests)
    }
    let held = slow.stillOpen
    guard let before, let during else {
      print("  slow heads: the latency probe failed")
      return ["slow-head probe failed"]
    }
    print(
      "  \(slow.descriptors.count) slow heads held open (\(held) still open after the probe);"
        + " \(requests) sequential GETs:")
    print("    without  p50 \(format(before.p50, 3)) ms  p99 \(format(before.p99, 3)) ms")
    print("    with     p50 \(format(during.p50, 3)) ms  p99 \(format(during.p99, 3)) ms")
    let ok = held == slowHeads && during.p99 <= max(2 * before.p99, before.p99 + 1)
    print(
      "    latency kept (p99 within 2x or +1 ms, every slow head held): \(ok ? "ok" : "MISSED")")
    return ok ? [] : ["slow heads changed latency or were dropped"]
  }

  private func streamScenario(loops: Int) async throws -> [String] {
    let target = try ServerBenchmarkTools.Child(
      CommandLine.arguments[0], ["server-target", "--event-loops", "\(loops)"])
    defer { target.stop() }
    let port = try await target.port()
    let count = streamSeconds * 10
    let cpuBefore = ServerBenchmarkTools.cpuSeconds(target.pid)
    let began = ContinuousClock.now
    let (streams, streamSeconds, disconnects) = (self.streams, self.streamSeconds, disconnects)
    // Disconnects measured while the streams run: once they are all connected (a third of
    // the way in, at most 5 s).
    async let underLoad = ServerBenchmarkLoad.onThread {
      usleep(UInt32(min(5, max(1, streamSeconds / 3)) * 1_000_000))
      return ServerBenchmarkLoad.measureDisconnects(port: port, count: disconnects, firstID: 0)
    }
    let result = await ServerBenchmarkLoad.onThread {
      ServerBenchmarkLoad.readStreams(
        port: port, streams: streams, count: count, intervalMilliseconds: 100,
        deadline: Double(streamSeconds) + 30)
    }
    let wall = (ContinuousClock.now - began).timeInterval
    let cpu = ServerBenchmarkTools.cpuSeconds(target.pid) - cpuBefore
    let memory = ServerBenchmarkTools.memoryKiB(target.pid)
    let expected = streams * count
    print(
      "  \(streams) SSE streams, one event every 100 ms for \(streamSeconds) s"
        + " (\(result.connected) connected, \(result.completedStreams) complete):")
    print(
      "    events delivered \(result.events) of \(expected)  delay p50"
        + " \(format(result.percentile(0.5), 2)) ms  p99 \(format(result.percentile(0.99), 2)) ms"
        + "  max \(format(result.percentile(1), 2)) ms")
    print(
      "    server RSS \(memory.resident / 1024) MiB (peak \(memory.peak / 1024) MiB)  CPU"
        + " \(format(cpu, 2)) s over \(format(wall, 1)) s (\(format(100 * cpu / wall, 1))% of one core)"
    )
    var missed: [String] = []
    if result.events != expected { missed.append("\(expected - result.events) events lost") }
    if !(result.percentile(0.99) < 50) {
      missed.append("p99 event delay \(format(result.percentile(0.99), 2)) ms")
    }
    if memory.peak >= 150 * 1024 { missed.append("server RSS \(memory.peak / 1024) MiB") }
    print(
      "    targets (every event, p99 < 50 ms, RSS < 150 MB): \(missed.isEmpty ? "ok" : "MISSED")")
    let loaded = await underLoad
    let idle = await ServerBenchmarkLoad.onThread {
      ServerBenchmarkLoad.measureDisconnects(port: port, count: disconnects, firstID: disconnects)
    }
    return missed + reportDisconnects(loaded: loaded, idle: idle)
  }

  private func reportDisconnects(
    loaded: ServerBenchmarkLoad.DisconnectResult, idle: ServerBenchmarkLoad.DisconnectResult
  ) -> [String] {
    print(
      "  \(disconnects) disconnects each, client close to producer told (target: max < 100 ms):")
    var missed: [String] = []
    for (name, result) in [("during streams", loaded), ("idle server", idle)] {
      let ok = result.missing == 0 && result.percentile(1) < 100
      print(
        "    \(name.padding(toLength: 15, withPad: " ", startingAt: 0))"
          + "p50 \(format(result.percentile(0.5), 3)) ms  p99 \(format(result.percentile(0.99), 3))"
          + " ms  max \(format(result.percentile(1), 3)) ms"
          + (result.missing > 0 ? "  (\(result.missing) not told)" : "")
          + (ok ? "  ok" : "  MISSED"))
      if !ok {
        missed.append("disconnect notice \(name) max \(format(result.percentile(1), 1)) ms")
      }
    }
    return missed
  }
}

/// A number with `digits` decimals.
private func format(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}
