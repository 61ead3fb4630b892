/// The keys of kiln-server's edge: who stands in front of it and which browsers may call it
/// (decision 25).
extension SettingKey {
  static let trustedProxies = SettingKey(
    name: "TRUSTED_PROXIES",
    summary:
      "proxies whose X-Forwarded-For names the client, as CIDR blocks (10.0.0.0/8, ::1/128); "
      + "unset, none")
  static let corsOrigins = SettingKey(
    name: "CORS_ORIGINS",
    summary: "browser origins allowed by CORS (https://app.example.com, ...) or *; unset, none")

  static let edgeKeys: [SettingKey] = [trustedProxies, corsOrigins]
}
