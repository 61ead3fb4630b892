/// How the server's handling of one request ended.
public enum LoopbackOutcome: Sendable, Equatable {
  /// The whole scripted response was sent.
  case completed
  /// The client closed the connection before the response was complete: it cancelled, timed
  /// out, or stopped reading.
  case clientClosed
  /// The script dropped the connection (`.dropConnection`).
  case droppedByScript
  /// The server was stopped while the response was still going.
  case serverStopped
}

/// A request together with how the server's response to it ended.
public struct LoopbackExchange: Sendable {
  /// The request.
  public let request: LoopbackRequest
  /// How the response ended.
  public let outcome: LoopbackOutcome
  /// How many body bytes were written to the socket (framing excluded). The client may not
  /// have read them all.
  public let bodyBytesSent: Int
}

/// Everything the server has seen, shared with the tests that wait on it.
struct LoopbackRecords: Sendable {
  var requests: [LoopbackRequest] = []
  var exchanges: [Int: LoopbackExchange] = [:]
  var unexpected: [LoopbackRequest] = []
  var connectionsAccepted = 0
  var openConnections = 0
}

/// The scripted responses: per-path queues, routes, and a general queue.
struct LoopbackScript: Sendable {
  struct Queued: Sendable {
    var method: String?
    var path: String?
    var response: LoopbackResponse
  }

  struct Route: Sendable {
    var method: String?
    var path: String
    var handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    /// Whether a request has been answered by this route.
    var used = false
  }

  var queued: [Queued] = []
  var routes: [Route] = []

  /// Finds the response for `request`, consuming a queued one: first a response queued for
  /// its method and path, then the most recently added matching route, then the general queue.
  mutating func resolve(
    _ request: LoopbackRequest
  ) -> ((@Sendable (LoopbackRequest) -> LoopbackResponse)?, LoopbackResponse?) {
    if let index = queued.firstIndex(where: {
      $0.path != nil && matches($0.method, $0.path, request)
    }) {
      return (nil, queued.remove(at: index).response)
    }
    if let index = routes.lastIndex(where: { matches($0.method, $0.path, request) }) {
      routes[index].used = true
      return (routes[index].handler, nil)
    }
    if let index = queued.firstIndex(where: { $0.path == nil && matches($0.method, nil, request) })
    {
      return (nil, queued.remove(at: index).response)
    }
    return (nil, nil)
  }

  /// The scripts no request used: queued responses still waiting, and routes that answered
  /// nothing (a route replaced by a later one for the same request counts as used when the
  /// later one is).
  var unused: [String] {
    let waiting = queued.map { "a response queued for \(Self.label($0.method, $0.path))" }
    let idle = routes.enumerated().compactMap { index, route -> String? in
      let replacedAndUsed = routes[(index + 1)...].contains {
        $0.used && $0.method == route.method && $0.path == route.path
      }
      guard !route.used, !replacedAndUsed else { return nil }
      return "the route \(Self.label(route.method, route.path))"
    }
    return waiting + idle
  }

  private static func label(_ method: String?, _ path: String?) -> String {
    "\(method ?? "any method") \(path ?? "any path")"
  }

  private func matches(_ method: String?, _ path: String?, _ request: LoopbackRequest) -> Bool {
    if let method, method != request.method { return false }
    if let path, path != request.path { return false }
    return true
  }
}
