import Foundation
import Networking
import Synchronization
import TestSupport

/// A loopback server in front of a real kiln-server: it passes auth and sync calls through
/// and, for the next push, does what the test asks (refuse it, or let the server die before
/// or after storing it), so the device's client meets a failure at an exact point.
final class SyncRelay: Sendable {
  /// What the relay does with the next `sync_push`.
  enum PushFault: Sendable {
    /// Answer 503 without passing it on.
    case refuse
    /// Kill the server before it sees the push; the client's connection drops.
    case killBeforeStoring
    /// Pass the push on, let the server store it, then kill the server before the answer
    /// reaches the client; the connection drops.
    case killAfterStoring
  }

  let loopback: LoopbackHTTPServer
  private let fault = FaultSlot()
  private let storedStatuses = StatusLog()
  private let server: SyncServerProcess

  init(server: SyncServerProcess) throws {
    self.server = server
    loopback = try LoopbackHTTPServer()
    let paths = [
      "/rest/v1/rpc/sync_pull", "/auth/v1/token", "/auth/v1/user", "/auth/v1/logout",
    ]
    for path in paths {
      loopback.serve(nil, path) { [server] request in Self.forward(request, to: server.port) }
    }
    loopback.serve(.post, "/rest/v1/rpc/sync_push") { [server, fault, storedStatuses] request in
      switch fault.take() {
      case nil: return Self.forward(request, to: server.port)
      case .refuse:
        return .json(
          #"{"code":"PGRST000","message":"relay refused","details":null,"hint":null}"#, status: 503)
      case .killBeforeStoring:
        server.kill()
        return .dropConnection()
      case .killAfterStoring:
        // The server answers (so it stored the push); the client never hears it.
        let answer = Self.forward(request, to: server.port)
        storedStatuses.append(answer.status)
        server.kill()
        return .dropConnection()
      }
    }
  }

  var baseURL: String { loopback.baseURL.absoluteString }

  /// The statuses kiln-server answered the pushes the relay kept from the client
  /// (`killAfterStoring`).
  var statusesOfUnansweredPushes: [Int] { storedStatuses.values }

  private final class StatusLog: Sendable {
    private let log = Mutex<[Int]>([])
    func append(_ status: Int) { log.withLock { $0.append(status) } }
    var values: [Int] { log.withLock { $0 } }
  }

  /// Arms the fault for the next push.
  func failNextPush(_ what: PushFault) {
    fault.arm(what)
  }

  /// The armed fault, taken by the push it applies to.
  private final class FaultSlot: Sendable {
    private let slot = Mutex<PushFault?>(nil)

    func arm(_ fault: PushFault) { slot.withLock { $0 = fault } }

    func take() -> PushFault? {
      slot.withLock { current in
        defer { current = nil }
        return current
      }
    }
  }

  func stop() { loopback.stop() }

  /// Sends `request` to the server on `port` (one connection, `Connection: close`) and
  /// returns its answer as the relay's, or 502 when the server did not answer.
  private static func forward(_ request: LoopbackRequest, to port: Int) -> LoopbackResponse {
    var head = "\(request.method) \(request.path)"
    if let query = request.query { head += "?" + query }
    head += " HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    let skipped: Set<String> = ["host", "connection", "content-length", "transfer-encoding"]
    for field in request.headers where !skipped.contains(field.name.lowercased()) {
      head += "\(field.name): \(field.value)\r\n"
    }
    head += "Content-Length: \(request.body.count)\r\n\r\n"
    guard
      let answer = try? loopbackSocketExchange(Array(head.utf8) + Array(request.body), port: port),
      let split = answer.firstRange(of: Array("\r\n\r\n".utf8)),
      case let statusLine = String(decoding: answer[..<split.lowerBound], as: UTF8.self),
      let code = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
    else { return .status(502) }
    let headText = statusLine.lowercased()
    var body = Array(answer[split.upperBound...])
    if headText.contains("transfer-encoding: chunked") { body = dechunked(body) }
    return .json(String(decoding: body, as: UTF8.self), status: code)
  }

  private static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var rest = bytes[...]
    while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0,
        rest.count >= lineEnd.upperBound - rest.startIndex + size
      else { break }
      let start = lineEnd.upperBound
      output += rest[start..<(start + size)]
      rest = rest[(start + size)...].dropFirst(2)
    }
    return output
  }
}
