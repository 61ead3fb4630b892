import Backend
import Core
import Foundation
import JOSE

/// `kiln-server keys [--json]`: the project's anon and service-role API keys (decision 23)
/// for clients' `SUPABASE_ANON_KEY`, read from the store `serve` uses, so they are the keys
/// a running serve on that store accepts.
enum KeysCommand {
  static func run(_ options: ServerCommandLine.Options, _ settings: ServerSettings) async -> Int32 {
    guard options.arguments.isEmpty else {
      return ServerCommandLine.usageFailure("keys takes no arguments (only --json)")
    }
    let location = ServerStoreLocation.from(
      databaseURL: settings.proxy.databaseURL,
      dataDirectory: URL(fileURLWithPath: settings.dataDirectory, isDirectory: true))
    let clock = AppClock.live
    let store: any ServerStore & AuthStore
    do {
      store = try await location.openStores(clock: clock)
    } catch {
      ServerCommandLine.write(
        "kiln-server: cannot open the store at \(location): \(error)\n", to: .standardError)
      return 1
    }
    let keyring = AuthKeyring(
      store: store, configuration: settings.auth.configuration(proxy: settings.proxy),
      clock: clock)
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
