import Core
import Foundation
import HTTPServer
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmark {
  /// The stream server `kiln-bench server` starts in a child process, so the figures for
  /// RSS and CPU are the server's alone.
  static let serverTarget = Benchmark(
    name: "server-target",
    summary: "(started by `server`) HTTPServer with kiln-server's middleware and an SSE route",
    run: { arguments in try await ServerBenchmarkTarget(arguments: arguments).run() }
  )
}

/// An HTTPServer with kiln-server's middleware (request id, access log to standard error,
/// metrics) and `GET /events?count=N&interval_ms=M`: N events, one every M ms, each
/// `data: <wall-clock nanoseconds when written>`. `GET /disconnect?id=N` sends one event and
/// waits (as a proxy waits on its upstream) until it is told its client has gone;
/// `GET /disconnect-notice?id=N` then answers the monotonic nanoseconds when it was told
/// (404 until then).
struct ServerBenchmarkTarget {
  var eventLoops = HTTPServerConfiguration().eventLoopCount

  init(arguments: [String]) throws {
    if arguments.count == 2, arguments[0] == "--event-loops", let count = Int(arguments[1]),
      count > 0
    {
      eventLoops = count
    } else if !arguments.isEmpty {
      throw BenchmarkError(description: "usage: server-target [--event-loops N]")
    }
  }

  static func wallClockNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }

  /// Nanoseconds on the machine's monotonic clock, the same in every process.
  static func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }

  func run() async throws {
    ServerBenchmarkTools.raiseOpenFileLimit()
    let metrics = HTTPServerMetrics()
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: RequestIDMiddleware.systemRandomIdentifiers))
    router.use(
      ObservationMiddleware(
        clock: .live, observers: [metrics, AccessLog(sink: FileDescriptorAccessLogSink())]))
    router.add(
      .get, "/health",
      synchronousHandler: { _, _ in
        HTTPServerResponse(
          status: .ok, fields: HTTPFields([("Content-Type", "application/json")]),
          body: Array("{\"status\":\"ok\"}\n".utf8))
      })
    router.add(.get, "/events") { _, parameters in
      let count = min(10_000, Int(parameters.queryValue("count") ?? "") ?? 10)
      let interval = min(10_000, Int(parameters.queryValue("interval_ms") ?? "") ?? 100)
      return HTTPServerResponse(
        fields: HTTPFields([("Content-Type", "text/event-stream")]),
        stream: HTTPResponseStream { writer in
          for _ in 0..<count {
            try await Task.sleep(for: .milliseconds(interval))
            try await writer.write(Array("data: \(Self.wallClockNanoseconds())\n\n".utf8))
          }
        })
    }
    let notices = Mutex<[Int: Int]>([:])
    router.add(.get, "/disconnect") { _, parameters in
      let id = Int(parameters.queryValue("id") ?? "") ?? -1
      return HTTPServerResponse(
        fields: HTTPFields([("Content-Type", "text/event-stream")]),
        stream: HTTPResponseStream { writer in
          try await writer.write(Array("data: ready\n\n".utf8))
          do {
            try await Task.sleep(for: .seconds(60))
          } catch {
            // Told: the loop cancelled this producer when the client closed its socket.
            let now = Self.monotonicNanoseconds()
            notices.withLock { table in
              if table.count < 100_000 { table[id] = now }
            }
            throw error
          }
        })
    }
    router.add(
      .get, "/disconnect-notice",
      synchronousHandler: { _, parameters in
        let id = Int(parameters.queryValue("id") ?? "") ?? -1
        guard let told = notices.withLock({ $0[id] }) else {
          return .text("not yet\n", status: .notFound)
        }
        return .text("\(told)\n")
      })
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: eventLoops), metrics: metrics,
      router: router)
    let port = try server.start()
    FileHandle.standardOutput.write(Data("listening \(port)\n".utf8))
    // Runs until the benchmark kills it; bounded anyway.
    try await Task.sleep(for: .seconds(600))
    await server.shutdown(deadline: .seconds(1))
  }
}
