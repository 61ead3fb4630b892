/// Sets every request's `resolvedClientAddress` from its socket peer and, when the peer is a
/// trusted proxy, its `X-Forwarded-For` (`TrustedProxies`). Put it first, so every later
/// middleware and handler sees the same client.
public struct ClientAddressMiddleware: HTTPSynchronousMiddleware {
  private let trustedProxies: TrustedProxies

  /// Believes `X-Forwarded-For` only from `trustedProxies`.
  public init(trustedProxies: TrustedProxies) {
    self.trustedProxies = trustedProxies
  }

  /// `request` with its client resolved; unchanged when it came from no socket.
  public func resolved(_ request: HTTPServerRequest) -> HTTPServerRequest {
    guard let peer = request.remoteAddress.flatMap({ IPAddress($0.host) }) else { return request }
    var request = request
    let forwarded = request.fields.fields(named: "X-Forwarded-For").map(\.value)
    request.resolvedClientAddress = trustedProxies.clientAddress(
      peer: peer, forwardedFor: forwarded)
    return request
  }

  /// Calls `next` with the client resolved.
  public func respond(
    to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
  ) async -> HTTPServerResponse {
    await next(resolved(request))
  }

  /// The same as `respond`, without suspending.
  public func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse {
    next(resolved(request))
  }
}
