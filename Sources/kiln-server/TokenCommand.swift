import Backend
import Core
import Foundation
import HTTPServer
import JOSE
import Networking

/// `kiln-server token verify [--now UNIX] [--data-dir DIR] [--authorization VALUE | TOKEN]`
/// (issue #17 item 3): judges one token, or one raw `Authorization` value, exactly as the
/// server would: with its JWT_SECRET, JWT_JWKS, JWT_ISSUER and JWT_AUDIENCE, and the keys
/// its accounts sign with, read from the store `serve` uses (as `kiln-server keys` reads
/// it), so operators can see why a token is refused.
///
/// An SQLite store that does not exist yet is not made: the token is then judged by the
/// configured keys alone.
///
/// Exit 0 with `principal: user` or `principal: service_role` and `sub: <subject>`; exit 1
/// with the rule that rejected it; exit 2 for a usage or configuration mistake.
enum TokenCommand {
  struct Options {
    var now: Date?
    var authorization: String?
    var token: String?
    var configPath: String?
    var dataDirectory: String?
  }

  static let usage =
    "kiln-server token verify [--now UNIX] [--data-dir DIR] [--authorization VALUE | TOKEN]"

  static func run(_ arguments: ArraySlice<String>, environment: [String: String]) async -> Int32 {
    let options: Options
    let settings: ServerSettings
    do {
      options = try parse(arguments)
      let machine = ServerSettings.Machine(
        onlineCores: HTTPServerConfiguration().eventLoopCount,
        openFileLimit: ServerEnvironment.openFileHardLimit(), environment: environment)
      settings = try ServerSettings.resolve(
        flags: options.dataDirectory.map { [SettingKey.dataDirectory.name: $0] } ?? [:],
        configPath: options.configPath, machine: machine)
    } catch let error as ServerCommandLine.UsageError {
      return ServerCommandLine.usageFailure(error.message)
    } catch let error as ServerConfigurationError {
      return ServerCommandLine.usageFailure(error.message)
    } catch {
      return ServerCommandLine.usageFailure("\(error)")
    }
    let proxy = settings.proxy
    let clock = options.now.map(AppClock.fixed) ?? .live
    let store: (any AuthStore)?
    do {
      store = try await existingStore(settings.storeLocation, clock: clock)
    } catch {
      ServerCommandLine.write(
        "kiln-server: cannot open the store at \(settings.storeLocation): \(error)\n",
        to: .standardError)
      return 1
    }
    guard proxy.jwtSecret != nil || proxy.jwks != nil || store != nil else {
      return ServerCommandLine.usageFailure(
        "neither JWT_SECRET nor JWT_JWKS is configured and there is no store at "
          + "\(settings.storeLocation), so no token can pass")
    }
    let configured: JWKSFollowingVerifier
    do {
      configured = try JWKSFollowingVerifier(
        settings: proxy.tokenSettings, location: proxy.jwks,
        loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: .live)),
        clock: clock)
      if let failure = try await configured.loadKeys() {
        ServerCommandLine.write("kiln-server: warning: \(failure)\n", to: .standardError)
      }
    } catch {
      return ServerCommandLine.usageFailure("the token settings are unusable: \(error)")
    }
    // The proxy's judge as `serve` composes it: the configured keys, then the accounts'.
    let judge: any AccessTokenJudging =
      store.map { store in
        AuthKeyringTrustingJudge(
          configured: configured,
          keyring: AuthKeyring(
            store: store, configuration: settings.auth.configuration(proxy: proxy), clock: clock)
        )
      } ?? configured
    let authorization = options.authorization ?? options.token.map { "Bearer " + $0 }
    do throws(JWTRejection) {
      let principal = try await judge.principal(authorization: authorization)
      let role =
        switch principal {
        case .user: "user"
        case .serviceRole: "service_role"
        }
      ServerCommandLine.write(
        "principal: \(role)\nsub: \(principal.subject)\n", to: .standardOutput)
      return 0
    } catch {
      ServerCommandLine.write(
        "rejected: \(error.rule) (\(error.explanation))\n", to: .standardOutput)
      return 1
    }
  }

  static func parse(_ arguments: ArraySlice<String>) throws(ServerCommandLine.UsageError) -> Options
  {
    var remaining = arguments
    guard remaining.popFirst() == "verify" else {
      throw ServerCommandLine.UsageError(message: "usage: \(usage)")
    }
    var options = Options()
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        guard options.token == nil else {
          throw ServerCommandLine.UsageError(message: "give one token; usage: \(usage)")
        }
        options.token = argument
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard ["--now", "--authorization", "--config", "--data-dir"].contains(name) else {
        throw ServerCommandLine.UsageError(message: "unknown option '\(name)'")
      }
      guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
        throw ServerCommandLine.UsageError(message: "\(name) needs a value")
      }
      switch name {
      case "--now":
        guard value.allSatisfy(\.isASCII), let seconds = Double(value), seconds.isFinite,
          seconds >= 0
        else {
          throw ServerCommandLine.UsageError(
            message: "--now must be seconds since 1970, e.g. 1800000000")
        }
        options.now = Date(timeIntervalSince1970: seconds)
      case "--authorization": options.authorization = value
      case "--data-dir": options.dataDirectory = value
      default: options.configPath = value
      }
    }
    switch (options.authorization, options.token) {
    case (nil, nil):
      throw ServerCommandLine.UsageError(message: "no token to verify; usage: \(usage)")
    case (.some, .some):
      throw ServerCommandLine.UsageError(
        message: "give --authorization or a token, not both; usage: \(usage)")
    default:
      return options
    }
  }

  /// The store `serve` uses, when it exists: an SQLite file that is not there yet is not
  /// made (`nil`); a PostgreSQL database is opened as `kiln-server keys` opens it.
  static func existingStore(
    _ location: ServerStoreLocation, clock: AppClock
  ) async throws(ServerStoreError) -> (any AuthStore)? {
    if case .sqlite(let directory) = location {
      let file = directory.appendingPathComponent(SQLiteServerStore.defaultFileName).path
      guard FileManager.default.fileExists(atPath: file) else { return nil }
    }
    return try await location.openStores(clock: clock).accounts
  }
}
