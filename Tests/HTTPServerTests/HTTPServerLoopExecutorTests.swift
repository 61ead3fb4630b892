import Foundation
import Glibc
import Synchronization
import Testing

@testable import HTTPServer

/// Routes whose tasks run on their event loop (decision 206), over real sockets.
@Suite struct HTTPServerLoopExecutorTests {
  typealias Shared = HTTPServerStreamingTests.Shared

  /// The calling thread.
  static func thread() -> UInt { UInt(pthread_self()) }

  /// Suspends until a thread of its own resumes the task, as the store's thread and
  /// libcurl's resume a proxy request's task.
  static func resumedFromAnotherThread() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread { continuation.resume() }.start()
    }
  }

  /// A router whose `/inline` route is answered inline, on the loop's own thread (the one
  /// to compare with), recording the thread as `inline`.
  static func routerAnsweringInline(_ record: @escaping @Sendable (String) -> Void) -> HTTPRouter {
    var router = HTTPRouter()
    router.add(
      .get, "/inline",
      synchronousHandler: { _, _ in
        record("inline")
        return .text("inline")
      })
    return router
  }

  /// Waits up to five seconds for `condition`.
  static func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<500 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  @Test func aRouteOnTheEventLoopRunsOnItsThreadBeforeAndAfterItWaits() async throws {
    let threads = Shared<[String: [UInt]]>([:])
    let record = { @Sendable (name: String) in
      threads.update { $0[name, default: []].append(Self.thread()) }
    }
    var router = Self.routerAnsweringInline(record)
    router.add(.get, "/loop", onEventLoop: true) { _, _ in
      record("loop, before")
      await Self.resumedFromAnotherThread()
      record("loop, after")
      return .text("loop")
    }
    // A handler that suspends is asynchronous (one that cannot would be answered inline).
    router.add(.get, "/pool") { _, _ in
      record("pool")
      await Self.resumedFromAnotherThread()
      return .text("pool")
    }
    try await HTTPServerInlineAnswerTests.withServer(
      router, configuration: HTTPServerConfiguration(eventLoopCount: 1)
    ) { port in
      let client = try SocketClient(port: port)
      for path in ["/inline", "/pool", "/loop", "/pool", "/loop", "/inline"] {
        try client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == String(path.dropFirst()))
      }
    }
    let seen = threads.get()
    let loop = try #require(seen["inline"]?.first)
    #expect(seen["inline"] == [loop, loop])
    #expect(seen["loop, before"] == [loop, loop])
    #expect(seen["loop, after"] == [loop, loop])
    #expect(seen["pool"]?.count == 2)
    #expect(seen["pool"]?.contains(loop) == false)
  }

  /// A stream answered on the loop is produced there too, before and after it waits; one
  /// answered on the shared pool is produced on the pool (decision 213).
  @Test func aStreamIsProducedWhereItsRouteRan() async throws {
    let threads = Shared<[String: [UInt]]>([:])
    let record = { @Sendable (name: String) in
      threads.update { $0[name, default: []].append(Self.thread()) }
    }
    let stream = { @Sendable (name: String) in
      HTTPServerResponse(
        stream: HTTPResponseStream { writer in
          record(name + ", before")
          await Self.resumedFromAnotherThread()
          record(name + ", after")
          try await writer.write(Array(name.utf8))
        })
    }
    var router = Self.routerAnsweringInline(record)
    router.add(.get, "/loop", onEventLoop: true) { _, _ in
      await Self.resumedFromAnotherThread()
      return stream("loop")
    }
    router.add(.get, "/pool") { _, _ in
      await Self.resumedFromAnotherThread()
      return stream("pool")
    }
    try await HTTPServerInlineAnswerTests.withServer(
      router, configuration: HTTPServerConfiguration(eventLoopCount: 1)
    ) { port in
      let client = try SocketClient(port: port)
      for path in ["/inline", "/loop", "/pool", "/loop"] {
        try client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == String(path.dropFirst()))
      }
    }
    let seen = threads.get()
    let loop = try #require(seen["inline"]?.first)
    #expect(seen["loop, before"] == [loop, loop])
    #expect(seen["loop, after"] == [loop, loop])
    #expect(seen["pool, before"]?.contains(loop) == false)
    #expect(seen["pool, after"]?.contains(loop) == false)
  }

  /// A job posted from another thread wakes a sleeping loop at once, not at its next timer
  /// tick (250 ms here): twenty requests that each wait for a thread of their own take far
  /// less than twenty ticks.
  @Test func aJobFromAnotherThreadWakesTheSleepingLoopAtOnce() async throws {
    var router = HTTPRouter()
    router.add(.get, "/loop", onEventLoop: true) { _, _ in
      await Self.resumedFromAnotherThread()
      return .text("loop")
    }
    let configuration = HTTPServerConfiguration(eventLoopCount: 1)
    #expect(configuration.timerTick == .milliseconds(250))
    let elapsed = Shared<Duration>(.zero)
    try await HTTPServerInlineAnswerTests.withServer(router, configuration: configuration) {
      port in
      let client = try SocketClient(port: port)
      let start = ContinuousClock.now
      for _ in 0..<20 {
        try client.send("GET /loop HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
      }
      elapsed.set(ContinuousClock.now - start)
    }
    #expect(elapsed.get() < .seconds(2), "20 ticks would take 5 s")
  }

  /// Asks one loop serving `router` for `/park`, waits until the route has parked its
  /// task in `parked`, stops the server (the loop closes the waiting connection at the
  /// deadline and ends; its mailbox refuses every later job), then resumes the task.
  static func stopWhileParked(
    _ router: HTTPRouter, _ parked: Shared<CheckedContinuation<Void, Never>?>
  ) async throws {
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 1), router: router)
    let port = try server.start()
    let client = try SocketClient(port: port)
    try client.send("GET /park HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try await eventually { parked.get() != nil })
    await server.shutdown(deadline: .milliseconds(50))
    parked.get()?.resume()
  }

  @Test func aTaskWaitingWhenItsLoopStopsStillFinishes() async throws {
    let parked = Shared<CheckedContinuation<Void, Never>?>(nil)
    let finished = Shared<Bool>(false)
    var router = HTTPRouter()
    router.add(.get, "/park", onEventLoop: true) { _, _ in
      await withCheckedContinuation { continuation in parked.set(continuation) }
      finished.set(true)
      return .text("late")
    }
    try await Self.stopWhileParked(router, parked)
    #expect(try await Self.eventually { finished.get() })
  }

  /// The same for a stream's producer on the loop: parked when its loop stops, it still
  /// runs to its end (on the shared pool), and its next write finds the client gone.
  @Test func aProducerWaitingWhenItsLoopStopsStillFinishes() async throws {
    let parked = Shared<CheckedContinuation<Void, Never>?>(nil)
    let ended = Shared<String?>(nil)
    var router = HTTPRouter()
    router.add(.get, "/park", onEventLoop: true) { _, _ in
      await Self.resumedFromAnotherThread()
      return HTTPServerResponse(
        stream: HTTPResponseStream { writer in
          try await writer.write(Array("first".utf8))
          await withCheckedContinuation { continuation in parked.set(continuation) }
          do {
            try await writer.write(Array("second".utf8))
            ended.set("written")
          } catch {
            ended.set("client gone")
            throw error
          }
        })
    }
    try await Self.stopWhileParked(router, parked)
    #expect(try await Self.eventually { ended.get() != nil })
    #expect(ended.get() == "client gone")
  }
}
