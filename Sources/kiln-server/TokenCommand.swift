import Backend
import Core
import Foundation
import HTTPServer
import JOSE
import Networking

/// `kiln-server token verify [--now UNIX] [--authorization VALUE | TOKEN]` (issue #17
/// item 3): judges one token, or one raw `Authorization` value, exactly as the server would,
/// with its JWT_SECRET, JWT_JWKS, JWT_ISSUER and JWT_AUDIENCE, so operators can see why a
/// token is refused.
///
/// Exit 0 with `principal: user` or `principal: service_role` and `sub: <subject>`; exit 1
/// with the rule that rejected it; exit 2 for a usage or configuration mistake.
enum TokenCommand {
  struct Options {
    var now: Date?
    var authorization: String?
    var token: String?
    var configPath: String?
  }

  static let usage = "kiln-server token verify [--now UNIX] [--authorization VALUE | TOKEN]"

  static func run(_ arguments: ArraySlice<String>, environment: [String: String]) async -> Int32 {
    let options: Options
    let settings: ServerSettings
    do {
      options = try parse(arguments)
      let machine = ServerSettings.Machine(
        onlineCores: HTTPServerConfiguration().eventLoopCount,
        openFileLimit: ServerEnvironment.openFileHardLimit(), environment: environment)
      settings = try ServerSettings.resolve(
        flags: [:], configPath: options.configPath, machine: machine)
    } catch let error as ServerCommandLine.UsageError {
      return ServerCommandLine.usageFailure(error.message)
    } catch let error as ServerConfigurationError {
      return ServerCommandLine.usageFailure(error.message)
    } catch {
      return ServerCommandLine.usageFailure("\(error)")
    }
    let proxy = settings.proxy
    guard proxy.jwtSecret != nil || proxy.jwks != nil else {
      return ServerCommandLine.usageFailure(
        "neither JWT_SECRET nor JWT_JWKS is configured, so no token can pass")
    }
    let clock = options.now.map(AppClock.fixed) ?? .live
    let judge: JWKSFollowingVerifier
    do {
      judge = try JWKSFollowingVerifier(
        settings: proxy.tokenSettings, location: proxy.jwks,
        loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: .live)),
        clock: clock)
      if let failure = try await judge.loadKeys() {
        ServerCommandLine.write("kiln-server: warning: \(failure)\n", to: .standardError)
      }
    } catch {
      return ServerCommandLine.usageFailure("the token settings are unusable: \(error)")
    }
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
      guard ["--now", "--authorization", "--config"].contains(name) else {
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
}
