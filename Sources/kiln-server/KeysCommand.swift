import Backend
import Core
import Foundation
import JOSE

/// `kiln-server keys [--json]`: the project's anon and service-role API keys (decision 23)
/// for clients' `SUPABASE_ANON_KEY`, read from the store `serve` uses, so they are the keys
/// a running serve on that store accepts. `kiln-server keys rotate` replaces the signing key.
enum KeysCommand {
  static func run(_ options: ServerCommandLine.Options, _ settings: ServerSettings) async -> Int32 {
    let rotating = options.arguments == ["rotate"]
    guard options.arguments.isEmpty || rotating else {
      return ServerCommandLine.usageFailure(
        "keys takes no arguments but rotate (and --json to print the keys)")
    }
    if rotating, options.json {
      return ServerCommandLine.usageFailure("keys rotate takes no --json")
    }
    let location = settings.storeLocation
    let clock = AppClock.live
    let store: any AuthStore
    do {
      store = try await location.openStores(clock: clock).accounts
    } catch {
      ServerCommandLine.write(
        "kiln-server: cannot open the store at \(location): \(error)\n", to: .standardError)
      return 1
    }
    let keyring = AuthKeyring(
      store: store, configuration: settings.auth.configuration(proxy: settings.proxy),
      clock: clock)
    if rotating { return await rotate(keyring, settings, location) }
    let keys: APIKeys
    do {
      keys = try await keyring.apiKeys()
    } catch {
      ServerCommandLine.write(
        "kiln-server: the store at \(location) cannot give the keys: \(error.message)\n",
        to: .standardError)
      return 1
    }
    ServerCommandLine.write(text(keys, json: options.json), to: .standardOutput)
    return 0
  }

  /// Rotates the signing key and says what happens to the old one.
  private static func rotate(
    _ keyring: AuthKeyring, _ settings: ServerSettings, _ location: ServerStoreLocation
  ) async -> Int32 {
    let keyID: String
    do {
      keyID = try await keyring.rotateSigningKey()
    } catch {
      ServerCommandLine.write(
        "kiln-server: the store at \(location) cannot rotate the signing key: \(error.message)\n",
        to: .standardError)
      return 1
    }
    var text = """
      new signing key: \(keyID)
      the previous key stays in the JWKS for \(settings.auth.accessTokenLifetime + 30) s \
      (JWT_EXPIRY + 30 s); running servers sign with the new key within a minute

      """
    if settings.proxy.jwtSecret != nil {
      text += "note: JWT_SECRET is set, so access tokens are HS256 and this key signs none\n"
    }
    ServerCommandLine.write(text, to: .standardOutput)
    return 0
  }

  /// The keys as lines for a person, or as one JSON object.
  static func text(_ keys: APIKeys, json: Bool) -> String {
    if json {
      return JSONText.serialize(
        .object([
          "anon_key": .string(keys.anonKey), "service_role_key": .string(keys.serviceRoleKey),
        ])) + "\n"
    }
    return """
      anon key (SUPABASE_ANON_KEY, safe in apps):
      \(keys.anonKey)
      service_role key (secret: servers only, full access):
      \(keys.serviceRoleKey)

      """
  }
}
