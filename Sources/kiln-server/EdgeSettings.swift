import HTTPServer

/// `TRUSTED_PROXIES` and `CORS_ORIGINS`, parsed (decision 25).
struct EdgeSettings: Equatable {
  /// Whose `X-Forwarded-For` is believed; none by default.
  var trustedProxies = TrustedProxies.none
  /// Which browser origins may call; `nil` (no CORS headers at all) by default.
  var cors: CORSPolicy?

  static func resolve(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> EdgeSettings {
    let proxies = try resolver.parsed(
      .trustedProxies,
      expected: "a comma-separated list of CIDR blocks such as 10.0.0.0/8, 127.0.0.1/32, ::1/128"
    ) { value throws(ValueProblem) -> TrustedProxies in
      do throws(TrustedProxies.ParseError) {
        return try TrustedProxies(parsing: value)
      } catch {
        throw ValueProblem(reason: "'\(error.entry)' is not an IPv4 or IPv6 address or block")
      }
    }
    let cors = try resolver.parsed(
      .corsOrigins,
      expected: "* or a comma-separated list of origins such as https://app.example.com"
    ) { value throws(ValueProblem) -> CORSPolicy in
      do throws(CORSPolicy.ParseError) {
        return try CORSPolicy(parsing: value)
      } catch {
        throw ValueProblem(
          reason: error.entry.isEmpty
            ? "it names no origin"
            : "'\(error.entry)' is not an origin (scheme://host[:port], no path)")
      }
    }
    return EdgeSettings(trustedProxies: proxies ?? .none, cors: cors)
  }
}
