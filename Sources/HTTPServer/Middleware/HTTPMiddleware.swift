/// What the router matched for a request, given to middleware before the handler runs.
public struct HTTPRouteMatch: Sendable, Hashable {
  /// The pattern of the matched route (`/v1/items/:id`), or `nil` when none matched (the
  /// answer is 404 or 405). Logs and metrics use it instead of the raw path.
  public var pattern: String?
  /// The captured parameters and query pairs.
  public var parameters: RouteParameters

  /// A match from its parts.
  public init(pattern: String?, parameters: RouteParameters = RouteParameters()) {
    self.pattern = pattern
    self.parameters = parameters
  }
}

/// The rest of the chain: later middleware, then the route's handler (or the 404 / 405).
public typealias HTTPMiddlewareNext = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

/// Code that runs around every routed request, in the order it was added to the router.
///
/// A middleware may change the request before calling `next`, change the response after,
/// or answer without calling `next` at all.
public protocol HTTPMiddleware: Sendable {
  /// Answers `request`, usually by calling `next` and adjusting what it returns.
  func respond(
    to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
  ) async -> HTTPServerResponse
}

/// Middleware that can also run without suspending, so a router whose middleware all
/// conform answers its synchronous routes on the event loop, without a task.
///
/// `respondSynchronously` must do what `respond` does, minus the suspension: the server
/// picks one or the other per request.
public protocol HTTPSynchronousMiddleware: HTTPMiddleware {
  /// Answers `request` without suspending, usually by calling `next` and adjusting what it
  /// returns. It runs on an event loop: it must not block.
  func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse
}
