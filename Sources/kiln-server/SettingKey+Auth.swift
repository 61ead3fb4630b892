/// The auth service's configuration keys (issue #18 item 9), named as GoTrue names them
/// where it has a name (decision 22).
extension SettingKey {
  static let jwtExpiry = SettingKey(
    name: "JWT_EXPIRY", summary: "access tokens' lifetime in seconds (default 3600)")
  static let refreshReuseInterval = SettingKey(
    name: "AUTH_REFRESH_REUSE_INTERVAL",
    summary: "seconds a rotated refresh token still answers (default 10)")
  static let emailConfirm = SettingKey(
    name: "AUTH_EMAIL_CONFIRM",
    summary: "on: sign-ups confirm their address by a mailed link before signing in (default off)")
  static let passwordMinLength = SettingKey(
    name: "AUTH_PASSWORD_MIN_LENGTH", summary: "the shortest password accepted (default 8)")
  static let scryptCost = SettingKey(
    name: "AUTH_SCRYPT_LOG_N",
    summary: "new password hashes' scrypt cost as log2 N (default 15, r=8, p=1)")

  static let authRateLimit = SettingKey(
    name: "AUTH_RATE_LIMIT",
    summary:
      "sign-ins, sign-ups and mail per client address as N/DURATION (default 30/5m; off "
      + "disables it and the 10 failed sign-ins per account per 5m, for benchmarks only)")
  static let outbox = SettingKey(
    name: "AUTH_OUTBOX",
    summary:
      "directory recovery and confirmation messages are written to (default <data dir>/outbox)")
  static let siteURL = SettingKey(
    name: "SITE_URL", summary: "base URL of mailed links (default http://HOST:PORT)")

  static let authKeys: [SettingKey] =
    [
      jwtExpiry, refreshReuseInterval, emailConfirm, passwordMinLength, scryptCost, authRateLimit,
      outbox, siteURL,
    ] + idTokenKeys
}
