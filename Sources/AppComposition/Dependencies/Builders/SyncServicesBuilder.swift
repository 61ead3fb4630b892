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
    // No auth or retry interceptors: the transport sets `Authorization` itself and the
    // scheduler backs off after a failed round.
    let http = URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: KilnVersion.current)],
      clock: clock, logger: logger)
    return SyncTransport(
      configuration: SyncTransportConfiguration(supabaseURL: url, anonKey: key),
      httpClient: http, tokens: AuthTokenProvider(client: auth))
  }
}
