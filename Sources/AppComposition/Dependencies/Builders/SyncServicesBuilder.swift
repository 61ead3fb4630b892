import Auth
import Core
import Foundation
import Networking
import Sync

/// Builds what sync talks to the server with.
enum SyncServicesBuilder {
  /// The transport to `SUPABASE_URL`'s `rest/v1/rpc`, with the anon key and the signed-in
  /// user's token from `auth` (asked before every call, so refreshes apply); `nil` when the
  /// Supabase settings are missing.
  static func transport(
    configuration: Configuration, auth: any AuthClient, clock: AppClock, logger: AppLogger
  ) -> SyncTransport? {
    guard let url = configuration.url(.supabaseURL),
      let key = configuration.value(.supabaseAnonKey)
    else { return nil }
    return SyncTransport(
      configuration: SyncTransportConfiguration(supabaseURL: url, anonKey: key),
      httpClient: httpClient(clock: clock, logger: logger),
      tokens: AuthTokenProvider(client: auth))
  }

  /// The HTTP client sync calls go through. Its own keep-alive pool: a round is many calls
  /// to one server (a first sync of 10,000 messages, about 40), and each new connection to
  /// a hosted project would cost a TLS handshake. No auth or retry interceptors: the
  /// transport sets `Authorization` itself and the scheduler backs off after a failed round.
  static func httpClient(clock: AppClock, logger: AppLogger) -> URLSessionHTTPClient {
    URLSessionHTTPClient(
      baseURL: nil, configuration: HTTPClientConfiguration(connectionPool: HTTPConnectionPool()),
      interceptors: [HeadersInterceptor(appVersion: KilnVersion.current)], clock: clock,
      logger: logger)
  }
}
