import Backend
import Foundation
import JOSE

/// The auth service's configuration as plain values (issue #18 item 9), checked at start so
/// a bad value stops kiln-server with exit 2 naming its key.
struct AuthSettings {
  /// The issuer when `JWT_ISSUER` is unset (decision 98): a fixed name, so every instance
  /// and the proxy agree without knowing the address clients use.
  static let defaultIssuer = "kiln-server"

  var accessTokenLifetime: Int
  var refreshReuseInterval: Int
  var minimumPasswordLength: Int
  var scrypt: Scrypt
  /// How many password hashes run at once: the machine's online cores.
  var concurrentHashes: Int
  /// `AUTH_RATE_LIMIT`: requests per client address; `nil` when it is `off`.
  var perAddressLimit: RateLimit?
  /// Failed sign-ins per account (10 per 5 minutes); `nil` when `AUTH_RATE_LIMIT` is `off`.
  var failedSignInLimit: RateLimit?
  /// `AUTH_OUTBOX`: where `OutboxMailer` writes; `nil` for `<data dir>/outbox`.
  var outbox: String?
  /// `SITE_URL`: the base of mailed links; `nil` for the server's own `http://HOST:PORT`.
  var siteURL: String?
  /// `AUTH_EMAIL_CONFIRM=on`: sign-ups confirm their address by a mailed link first.
  var confirmsEmail = false
  /// The `id_token` grant's enabled providers (`AUTH_APPLE_*`, `AUTH_GOOGLE_*`).
  var idTokenProviders: [IDTokenProvider] = []

  /// Reads and checks every auth key; throws the first mistake, naming its key.
  static func resolve(
    _ resolver: inout ServerSettings.Resolver, cores: Int
  ) throws(ServerConfigurationError) -> AuthSettings {
    let lifetime = try resolver.integer(.jwtExpiry, default: 3600, in: 30...604_800)
    let reuse = try resolver.integer(.refreshReuseInterval, default: 10, in: 0...3600)
    let confirm = try resolver.choice(.emailConfirm, default: "off", in: ["off", "on"])
    let minimum = try resolver.integer(.passwordMinLength, default: 8, in: 6...1024)
    let logN = try resolver.integer(.scryptCost, default: 15, in: 10...20)
    let scrypt: Scrypt
    do {
      scrypt = try Scrypt(cost: 1 << UInt64(logN), blockSize: 8, parallelization: 1)
    } catch {
      throw resolver.failure(.scryptCost, "a cost from 10 to 20 whose memory fits")
    }
    let limit = try resolver.parsed(
      .authRateLimit, expected: "off or N/DURATION such as 30/5m (N[s|m|h|d])",
      defaultText: "30/5m"
    ) { value throws(ValueProblem) -> RateLimit? in
      value == "off" ? nil : try ProxySettings.parseRateLimit(value)
    }
    let enabled = limit != .some(nil)
    let outbox = resolver.optional(.outbox)
    let siteURL = resolver.optional(.siteURL)
    if let siteURL {
      guard let url = URL(string: siteURL), url.scheme == "http" || url.scheme == "https",
        url.host?.isEmpty == false, url.query == nil, url.fragment == nil
      else {
        throw resolver.failure(.siteURL, "an http or https URL without query or fragment")
      }
    }
    return AuthSettings(
      accessTokenLifetime: lifetime, refreshReuseInterval: reuse, minimumPasswordLength: minimum,
      scrypt: scrypt, concurrentHashes: max(1, cores),
      perAddressLimit: enabled ? (limit ?? AuthRateLimits.defaultPerAddress) : nil,
      failedSignInLimit: enabled ? AuthRateLimits.defaultFailedSignIns : nil, outbox: outbox,
      siteURL: siteURL, confirmsEmail: confirm == "on",
      idTokenProviders: try idTokenProviders(&resolver))
  }

  /// The limits `serve` applies, counted in `store` so every instance shares them; `nil`
  /// when `AUTH_RATE_LIMIT` is `off`.
  func rateLimits(store: any ServerStore) -> AuthRateLimits? {
    guard perAddressLimit != nil || failedSignInLimit != nil else { return nil }
    return AuthRateLimits(
      store: store, perAddress: perAddressLimit, failedSignInsPerAccount: failedSignInLimit)
  }

  /// The auth service's configuration: HS256 with `JWT_SECRET` when it is set (Supabase's
  /// way), else ES256 with the store's key; `JWT_ISSUER` or the default issuer.
  func configuration(proxy: ProxySettings) -> AuthConfiguration {
    var configuration = AuthConfiguration(
      issuer: proxy.jwtIssuer ?? Self.defaultIssuer,
      accessTokenLifetime: Double(accessTokenLifetime),
      refreshReuseInterval: Double(refreshReuseInterval),
      minimumPasswordLength: minimumPasswordLength, scrypt: scrypt,
      accessTokenAlgorithm: proxy.jwtSecret == nil ? .es256 : .hs256, jwtSecret: proxy.jwtSecret,
      concurrentHashes: concurrentHashes)
    configuration.confirmsEmail = confirmsEmail
    return configuration
  }

  /// Where mailed links point: `SITE_URL`, else `http://HOST:PORT` (IPv6 in brackets).
  func linkBase(host: String, port: Int) -> String {
    if let siteURL { return siteURL }
    return host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
  }
}
