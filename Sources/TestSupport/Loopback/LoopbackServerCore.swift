import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of the loopback server its threads share: the listening socket, the stop pipe,
/// the script and the records. One thread accepts; each connection gets its own thread.
/// Stopping writes to a pipe every thread polls, so all of them wake at once, and then waits
/// until every thread has closed its socket and returned.
final class LoopbackServerCore: Sendable {
  let listener: Int32
  let port: UInt16
  let stopRead: Int32
  let stopWrite: Int32
  let records = ObservedState(LoopbackRecords())
  let script = Mutex(LoopbackScript())
  private let reporter: @Sendable (String) -> Void
  /// Problems the connection threads found, reported by `stop()`: it runs in the test's own
  /// context, where a test framework can attribute them to the test (a report from a
  /// connection thread would belong to no test).
  private let problems = Mutex<[String]>([])
  private let threads = DispatchGroup()
  private let stopped = Atomic(false)

  init(reportIssue: @escaping @Sendable (String) -> Void) throws {
    let (listener, port) = try POSIXSocket.listen()
    do {
      let (stopRead, stopWrite) = try POSIXSocket.pipe()
      self.stopRead = stopRead
      self.stopWrite = stopWrite
    } catch {
      POSIXSocket.close(listener)
      throw error
    }
    self.listener = listener
    self.port = port
    reporter = reportIssue
  }

  /// Keeps a problem for `stop()` to report.
  func reportIssue(_ problem: String) {
    problems.withLock { $0.append(problem) }
  }

  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  func startAccepting() {
    spawn { [self] in acceptLoop() }
  }

  /// Wakes every thread, waits for them to finish, and closes the descriptors. Idempotent.
  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(stopWrite, &byte, 1)
    if threads.wait(timeout: .now() + .seconds(10)) == .timedOut {
      reportIssue("LoopbackHTTPServer: connection threads did not stop within 10 s")
    }
    POSIXSocket.close(listener)
    POSIXSocket.close(stopRead)
    POSIXSocket.close(stopWrite)
    let unused = script.withLock { $0.unused }.map { "LoopbackHTTPServer: \($0) was never used" }
    for problem in problems.withLock({ $0 }) + unused { reporter(problem) }
  }

  private func acceptLoop() {
    while true {
      let events = POSIXSocket.poll(
        [(listener, Int16(POLLIN)), (stopRead, Int16(POLLIN))], milliseconds: -1)
      if events[1] != 0 || isStopped { return }
      while let descriptor = POSIXSocket.accept(listener) {
        let id = records.update { records -> Int in
          records.connectionsAccepted += 1
          records.openConnections += 1
          return records.connectionsAccepted - 1
        }
        spawn { [self] in
          var connection = LoopbackConnection(descriptor: descriptor, id: id, core: self)
          connection.run()
          POSIXSocket.close(descriptor)
          records.update { $0.openConnections -= 1 }
        }
      }
    }
  }

  private func spawn(_ body: @escaping @Sendable () -> Void) {
    threads.enter()
    let thread = Thread { [threads] in
      body()
      threads.leave()
    }
    thread.name = "LoopbackHTTPServer"
    thread.start()
  }

  /// Records a request and picks its response.
  func receive(
    _ head: HTTPRequestReader.Head, body: Data, connectionID: Int
  ) -> (
    LoopbackRequest, LoopbackResponse
  ) {
    let request = records.update { records -> LoopbackRequest in
      let request = LoopbackRequest(
        index: records.requests.count, connectionID: connectionID, method: head.method,
        path: head.path, query: head.query, headers: head.headers, body: body,
        version: head.version)
      records.requests.append(request)
      return request
    }
    let (handler, queued) = script.withLock { $0.resolve(request) }
    if let queued { return (request, queued) }
    if let handler { return (request, handler(request)) }
    records.update { $0.unexpected.append(request) }
    reportIssue("LoopbackHTTPServer: no response scripted for \(request)")
    return (
      request, .text("no response scripted for \(request.method) \(request.path)", status: 404)
    )
  }

  func finish(_ request: LoopbackRequest, outcome: LoopbackOutcome, bodyBytesSent: Int) {
    records.update { records in
      records.exchanges[request.index] = LoopbackExchange(
        request: request, outcome: outcome, bodyBytesSent: bodyBytesSent)
    }
  }
}
