/// What a route match captured: `:parameters` from the path and the query's pairs.
public struct RouteParameters: Sendable, Hashable {
  /// Path parameters by name, percent-decoded (`/users/:id` gives `id`).
  public var path: [String: String]
  /// Query pairs in order, percent-decoded, `+` read as a space.
  public var query: [QueryItem]

  /// Parameters from their parts.
  public init(path: [String: String] = [:], query: [QueryItem] = []) {
    self.path = path
    self.query = query
  }

  /// The path parameter with this name.
  public subscript(name: String) -> String? { path[name] }

  /// The first query value with this name.
  public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// One `name=value` pair of a query (`value` is empty for a bare `name`).
public struct QueryItem: Sendable, Hashable {
  /// The decoded name.
  public var name: String
  /// The decoded value.
  public var value: String

  /// A pair from its parts.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// Routes requests by method and path pattern (`/v1/items/:id`) to handlers, through the
/// middleware added with `use`.
///
/// A path that matches no pattern is 404; one that matches with another method is 405 with
/// `Allow`. `HEAD` is served by the `GET` route when it has none of its own (the server
/// drops the body). The first route added wins when two patterns match. Middleware runs
/// for every request, 404 and 405 included, the first added outermost.
///
/// A route added with `synchronousHandler` (and the 404 / 405 answers) is answered on the
/// event loop itself, without a task or a thread hop, when every middleware is an
/// `HTTPSynchronousMiddleware`; otherwise it runs on a task like any other route. A route
/// added with `onEventLoop` runs its task on the event loop that read the request.
public struct HTTPRouter: Sendable {
  /// Answers a matched request.
  public typealias Handler =
    @Sendable (HTTPServerRequest, RouteParameters) async
    -> HTTPServerResponse

  /// Answers a matched request at once, without suspending: the server may call it on its
  /// event loop, so it must not block (no file, database or network work) and should stay
  /// in the microseconds. Small whole answers (`/health`, fixed documents) fit.
  public typealias SynchronousHandler =
    @Sendable (HTTPServerRequest, RouteParameters) -> HTTPServerResponse

  /// How a route answers.
  enum Action: Sendable {
    case asynchronous(Handler, onEventLoop: Bool)
    case synchronous(SynchronousHandler)
  }

  private struct Route: Sendable {
    var method: HTTPRequestMethod
    var pattern: String
    var segments: [Substring]
    var bodyLimit: Int?
    var action: Action
  }

  private var routes: [Route] = []
  private var middleware: [any HTTPMiddleware] = []
  /// The middleware again when every one of them can run synchronously, else `nil`.
  private var synchronousMiddleware: [any HTTPSynchronousMiddleware]? = []

  /// An empty router (everything is 404).
  public init() {}

  /// Adds a route; `pattern` is a path whose `:name` segments capture one segment each.
  /// `bodyLimit` replaces the server's default body limit for this route (a body over it is
  /// 413, judged before it is read).
  ///
  /// With `onEventLoop`, the handler's task (middleware included) runs on the thread of the
  /// event loop that read the request, between that loop's socket events (decision 206): it
  /// starts without a thread hop and its answer needs no wake-up. A stream it answers with
  /// is produced there too (decision 213). Every stretch of either between two suspensions
  /// then holds up the loop's other connections, so it is only for handlers (and producers)
  /// whose synchronous work is short and bounded: no password hashing, no blocking call, no
  /// parse of more than a bounded body. Others run on the shared pool (the default).
  public mutating func add(
    _ method: HTTPRequestMethod, _ pattern: String, bodyLimit: Int? = nil,
    onEventLoop: Bool = false, handler: @escaping Handler
  ) {
    add(
      method, pattern, bodyLimit: bodyLimit,
      action: .asynchronous(handler, onEventLoop: onEventLoop))
  }

  /// Adds a route whose handler answers without suspending (see `SynchronousHandler`);
  /// the server answers it on its event loop when the middleware allow.
  public mutating func add(
    _ method: HTTPRequestMethod, _ pattern: String, bodyLimit: Int? = nil,
    synchronousHandler: @escaping SynchronousHandler
  ) {
    add(method, pattern, bodyLimit: bodyLimit, action: .synchronous(synchronousHandler))
  }

  private mutating func add(
    _ method: HTTPRequestMethod, _ pattern: String, bodyLimit: Int?, action: Action
  ) {
    routes.append(
      Route(
        method: method, pattern: pattern, segments: Self.segments(of: pattern),
        bodyLimit: bodyLimit, action: action))
  }

  /// Adds middleware that runs around every request, inside the middleware added before.
  /// Middleware that is not an `HTTPSynchronousMiddleware` sends every request to a task.
  public mutating func use(_ middleware: some HTTPMiddleware) {
    self.middleware.append(middleware)
    if let synchronous = middleware as? any HTTPSynchronousMiddleware {
      synchronousMiddleware?.append(synchronous)
    } else {
      synchronousMiddleware = nil
    }
  }

  /// The answer to `request`: its route's, or 404 / 405, through the middleware.
  public func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
    let (match, action) = resolve(request.method, request.head.path, query: request.head.query)
    return await respond(to: request, match: match, action: action)
  }

  func respond(
    to request: HTTPServerRequest, match: HTTPRouteMatch, action: Action
  ) async -> HTTPServerResponse {
    var next: HTTPMiddlewareNext
    switch action {
    case .asynchronous(let handler, _):
      next = { request in await handler(request, match.parameters) }
    case .synchronous(let handler):
      next = { request in handler(request, match.parameters) }
    }
    for layer in middleware.reversed() {
      let inner = next
      next = { request in await layer.respond(to: request, route: match, next: inner) }
    }
    return await next(request)
  }

  /// The answer now when the request's route and every middleware are synchronous;
  /// otherwise the work to run on a task (resolved once, not again there).
  func answer(_ request: HTTPServerRequest) -> HTTPResponderOutcome {
    let (match, action) = resolve(request.method, request.head.path, query: request.head.query)
    if case .synchronous(let handler) = action, let layers = synchronousMiddleware {
      return .now(Self.run(layers[...], request, match, handler))
    }
    var onEventLoop = false
    if case .asynchronous(_, let flag) = action { onEventLoop = flag }
    let router = self
    return .later(
      { request in await router.respond(to: request, match: match, action: action) },
      onEventLoop: onEventLoop)
  }

  private static func run(
    _ layers: ArraySlice<any HTTPSynchronousMiddleware>, _ request: HTTPServerRequest,
    _ match: HTTPRouteMatch, _ handler: SynchronousHandler
  ) -> HTTPServerResponse {
    guard let layer = layers.first else { return handler(request, match.parameters) }
    return layer.respondSynchronously(to: request, route: match) { request in
      run(layers.dropFirst(), request, match, handler)
    }
  }

  /// The body limit of the route `method` and `path` would reach; `nil` when it has none
  /// of its own or no route matches. The server asks this as soon as a head is complete.
  public func bodyLimit(method: HTTPRequestMethod, path: String) -> Int? {
    var headFallback: Int??
    let segments = Self.nonASCIISegments(of: path)
    for route in routes where Self.match(route.segments, path: path, segments) != nil {
      if route.method == method { return route.bodyLimit }
      if method == .head, route.method == .get, headFallback == nil {
        headFallback = .some(route.bodyLimit)
      }
    }
    return headFallback ?? nil
  }

  /// The router as the server's responder.
  public var responder: HTTPResponder {
    let router = self
    return { request in await router.respond(to: request) }
  }

  /// The router as the event loops call it: synchronous answers inline, the rest on tasks.
  var outcomeResponder: HTTPOutcomeResponder {
    let router = self
    return { request in router.answer(request) }
  }

  private func resolve(
    _ method: HTTPRequestMethod, _ path: String, query: String?
  ) -> (HTTPRouteMatch, Action) {
    let segments = Self.nonASCIISegments(of: path)
    var allowed: [HTTPRequestMethod] = []
    var headFallback: (Route, [String: String])?
    let queryItems = { Self.queryItems(query ?? "") }
    for route in routes {
      guard let captured = Self.match(route.segments, path: path, segments) else { continue }
      if route.method == method {
        let parameters = RouteParameters(path: captured, query: queryItems())
        return (HTTPRouteMatch(pattern: route.pattern, parameters: parameters), route.action)
      }
      if method == .head, route.method == .get, headFallback == nil {
        headFallback = (route, captured)
      }
      if !allowed.contains(route.method) { allowed.append(route.method) }
    }
    if let (route, captured) = headFallback {
      let parameters = RouteParameters(path: captured, query: queryItems())
      return (HTTPRouteMatch(pattern: route.pattern, parameters: parameters), route.action)
    }
    let unmatched = HTTPRouteMatch(pattern: nil, parameters: RouteParameters(query: queryItems()))
    guard allowed.isEmpty else {
      let allow = allowed.map(\.rawValue).joined(separator: ", ")
      return (
        unmatched,
        .synchronous { _, _ in
          var response = HTTPServerResponse.text(
            "405 Method Not Allowed\n", status: .methodNotAllowed)
          response.fields.append(name: "Allow", value: allow)
          return response
        }
      )
    }
    return (unmatched, .synchronous { _, _ in .text("404 Not Found\n", status: .notFound) })
  }

  static func segments(of path: String) -> [Substring] {
    path.split(separator: "/", omittingEmptySubsequences: true)
  }

  /// A non-ASCII path's segments, split by characters as patterns are; `nil` for an ASCII
  /// path (every path the parser produces), whose segments `match` walks in place.
  static func nonASCIISegments(of path: String) -> [Substring]? {
    path.utf8.allSatisfy { $0 < 0x80 } ? nil : segments(of: path)
  }

  /// The parameters `pattern` captures from `path`'s non-empty `/`-separated segments
  /// (`segments` when it was split already), or `nil` when it does not match. An ASCII
  /// path is walked in place, not split into an array: matching allocates only captures.
  static func match(
    _ pattern: [Substring], path: String, _ segments: [Substring]?
  ) -> [String: String]? {
    if let segments { return match(pattern, segments) }
    var captured: [String: String] = [:]
    let utf8 = path.utf8
    var start = utf8.startIndex
    var matched = 0
    while true {
      while start < utf8.endIndex, utf8[start] == 0x2F { start = utf8.index(after: start) }
      guard start < utf8.endIndex else { break }
      let end = utf8[start...].firstIndex(of: 0x2F) ?? utf8.endIndex
      guard matched < pattern.count else { return nil }
      let expected = pattern[matched]
      let actual = path[start..<end]
      if expected.hasPrefix(":") {
        guard let decoded = PercentDecoding.decode(actual, plusIsSpace: false) else { return nil }
        captured[String(expected.dropFirst())] = decoded
      } else if expected != actual {
        return nil
      }
      matched += 1
      start = end
    }
    return matched == pattern.count ? captured : nil
  }

  static func match(_ pattern: [Substring], _ path: [Substring]) -> [String: String]? {
    guard pattern.count == path.count else { return nil }
    var captured: [String: String] = [:]
    for (expected, actual) in zip(pattern, path) {
      if expected.hasPrefix(":") {
        guard let decoded = PercentDecoding.decode(actual, plusIsSpace: false) else { return nil }
        captured[String(expected.dropFirst())] = decoded
      } else if expected != actual {
        return nil
      }
    }
    return captured
  }

  /// Splits a query on `&` and `=`, decoding each part; undecodable pairs are skipped.
  public static func queryItems(_ query: String) -> [QueryItem] {
    query.split(separator: "&").compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true),
        let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      else { return nil }
      return QueryItem(name: name, value: value)
    }
  }
}

/// `%XX` decoding to UTF-8 text; `nil` for a bad escape or bytes that are not UTF-8.
enum PercentDecoding {
  static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == 0x25 {
        guard let high = iterator.next().flatMap(HTTPSyntax.hexValue),
          let low = iterator.next().flatMap(HTTPSyntax.hexValue)
        else { return nil }
        bytes.append(UInt8(high * 16 + low))
      } else {
        bytes.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
