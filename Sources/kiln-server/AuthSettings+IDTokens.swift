import Backend
import Foundation

/// The `id_token` grant's providers (issue #18 items 6 and 9): each is enabled by its client
/// ids; its keys default to the provider's published JWK set.
extension AuthSettings {
  static func idTokenProviders(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> [IDTokenProvider] {
    var providers: [IDTokenProvider] = []
    for (ids, keys, defaultKeys, make) in [
      (
        SettingKey.appleClientIDs, SettingKey.appleJWKS, IDTokenProvider.appleKeys,
        IDTokenProvider.apple
      ),
      (
        SettingKey.googleClientIDs, SettingKey.googleJWKS, IDTokenProvider.googleKeys,
        IDTokenProvider.google
      ),
    ] {
      let clientIDs = try resolver.parsed(
        ids, expected: "client ids separated by commas, such as com.example.app"
      ) { value throws(ValueProblem) -> Set<String> in
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
          throw ValueProblem(reason: "an empty client id or one with white space")
        }
        return Set(parts)
      }
      let location = try resolver.parsed(
        keys, expected: "an http(s) URL or a file path of a JWK set", defaultText: defaultKeys
      ) { value throws(ValueProblem) -> JWKSLocation in
        do {
          return try JWKSLocation(configurationValue: value)
        } catch {
          throw ValueProblem(reason: "\(error)")
        }
      }
      guard let clientIDs else { continue }
      let fallback: JWKSLocation
      do {
        fallback = try JWKSLocation(configurationValue: defaultKeys)
      } catch {
        throw resolver.failure(keys, "an http(s) URL or a file path of a JWK set")
      }
      providers.append(make(clientIDs, location ?? fallback))
    }
    return providers
  }
}
