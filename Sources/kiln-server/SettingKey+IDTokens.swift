/// The `id_token` grant's configuration keys: a provider is enabled by its client ids.
extension SettingKey {
  static let appleClientIDs = SettingKey(
    name: "AUTH_APPLE_CLIENT_IDS",
    summary: "Sign in with Apple's accepted aud values, comma-separated (unset: Apple disabled)")
  static let appleJWKS = SettingKey(
    name: "AUTH_APPLE_JWKS", summary: "Apple's ID-token keys: a JWK set URL or file")
  static let googleClientIDs = SettingKey(
    name: "AUTH_GOOGLE_CLIENT_IDS",
    summary: "Sign in with Google's accepted aud values, comma-separated (unset: Google disabled)")
  static let googleJWKS = SettingKey(
    name: "AUTH_GOOGLE_JWKS", summary: "Google's ID-token keys: a JWK set URL or file")

  static let idTokenKeys: [SettingKey] = [appleClientIDs, appleJWKS, googleClientIDs, googleJWKS]
}
