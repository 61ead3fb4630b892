import Core
import Foundation
import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// Parses kiln-server's command line and runs the chosen command.
///
/// Exit statuses: 0 after a clean stop (SIGTERM / SIGINT), `--help`, `--version` or
/// `config`; 1 when the server cannot start (address in use, data directory unusable);
/// 2 for a mistake on the command line, in the environment or in the configuration file.
enum ServerCommandLine {
  static let version = "0.1.0"

  static var help: String {
    let keys = SettingKey.all.map { key in
      "  \(key.name.padding(toLength: 27, withPad: " ", startingAt: 0))\(key.summary)"
    }.joined(separator: "\n")
    return """
      kiln-server \(version): Kiln's HTTP server.

      Usage:
        kiln-server [serve] [--host HOST] [--port PORT] [--data-dir DIR] [--config FILE]
            Serve Kiln's API: the AI proxy (/functions/v1/ai, /v1/chat/completions,
            /v1/models), accounts (Supabase Auth's /auth/v1 routes and
            /functions/v1/delete-account), /health, /ready, /metrics. Default
            127.0.0.1:54321.
        kiln-server echo [--host HOST] [--port PORT]
            A diagnostics server: every request is answered 200 with JSON describing what
            was parsed (method, target, version, headers, body_base64).
        kiln-server config [--config FILE] [flags]
            Print the configuration serve would use, with secrets redacted.
        kiln-server migrate [--data-dir DIR] [--config FILE]
            Bring the store's schema up to date (SQLite in the data directory, or
            DATABASE_URL) and print the versions applied; serve does this at start too.
        kiln-server keys [--json] [--data-dir DIR] [--config FILE]
            Print the project's anon and service_role API keys (--json: {"anon_key",
            "service_role_key"}) from the store serve uses, for SUPABASE_ANON_KEY.
        kiln-server keys rotate [--data-dir DIR] [--config FILE]
            Make a new ES256 signing key current; the old one stays in the JWKS until its
            tokens expire (JWT_EXPIRY + 30 s). Running servers sign with the new key within
            a minute and accept tokens it signed at once.
        kiln-server backup FILE [--force] [--data-dir DIR] [--config FILE]
            Write a consistent copy of the SQLite store to FILE (0600), also while serve
            runs; an existing FILE is kept unless --force. PostgreSQL: use pg_dump.
        kiln-server grant USER_ID --until DATE   |   kiln-server revoke USER_ID
            Give a user the entitlement until DATE (YYYY-MM-DD, 00:00 UTC, or an ISO 8601
            time), for development and support; revoke takes it back.
        kiln-server token verify [--now UNIX] [--config FILE] [--data-dir DIR]
                                 [--authorization VALUE | TOKEN]
            Judge one access token (or one Authorization header value) as serve would: with
            JWT_SECRET, JWT_JWKS, JWT_ISSUER, JWT_AUDIENCE and the accounts' signing keys in
            the store; prints the principal and sub (exit 0) or the rule that rejected it
            (exit 1).
        kiln-server --version
        kiln-server --help

      Configuration comes from a KEY = VALUE file (--config FILE; # starts a comment),
      then the environment, then the flags, each overriding the one before:
      \(keys)
      Port 0 picks a free port. The server prints the address it listens on, writes one JSON
      line per request to standard error, and stops gracefully on SIGTERM or SIGINT.
      """
  }

  struct UsageError: Error {
    var message: String
  }

  struct Options {
    var command = "serve"
    var flags: [String: String] = [:]
    var configPath: String?
    /// Positional arguments (`grant USER_ID`, `revoke USER_ID`).
    var arguments: [String] = []
    /// `grant --until DATE`.
    var until: String?
    /// `keys --json`.
    var json = false
    /// `backup --force`.
    var force = false
  }

  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
      write(help + "\n", to: .standardOutput)
      return 0
    }
    if arguments == ["--version"] {
      write("kiln-server \(version)\n", to: .standardOutput)
      return 0
    }
    if arguments.first == "token" {
      return await TokenCommand.run(arguments.dropFirst(), environment: environment)
    }
    let options: Options
    let settings: ServerSettings
    do {
      options = try parse(arguments)
      let machine = ServerSettings.Machine(
        onlineCores: HTTPServerConfiguration().eventLoopCount,
        openFileLimit: ServerEnvironment.openFileHardLimit(), environment: environment)
      settings = try ServerSettings.resolve(
        flags: options.flags, configPath: options.configPath, machine: machine)
    } catch let error as UsageError {
      return usageFailure(error.message)
    } catch let error as ServerConfigurationError {
      return usageFailure(error.message)
    } catch {
      return usageFailure("\(error)")
    }
    switch options.command {
    case "config":
      write(settings.report, to: .standardOutput)
      return 0
    case "migrate", "grant", "revoke":
      return await StoreCommands.run(options, settings)
    case "keys":
      return await KeysCommand.run(options, settings)
    case "backup":
      return BackupCommand.run(options, settings)
    case "echo":
      let server = HTTPServer(
        host: settings.host, port: settings.port, configuration: configuration(settings),
        responder: EchoResponder.respond)
      return await serve(settings, command: "echo", server: server)
    default:
      return await serveAPI(settings)
    }
  }

  static func usageFailure(_ message: String) -> Int32 {
    write("kiln-server: \(message)\nRun kiln-server --help for usage.\n", to: .standardError)
    return 2
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var remaining = arguments[...]
    var options = Options()
    if let first = remaining.first, !first.hasPrefix("-") {
      guard
        ["serve", "echo", "config", "migrate", "grant", "revoke", "keys", "backup"].contains(
          first)
      else {
        throw UsageError(message: "unknown command '\(first)'")
      }
      options.command = first
      remaining = remaining.dropFirst()
    }
    let keys = ["--host": "HOST", "--port": "PORT", "--data-dir": "DATA_DIR"]
    let takesArguments = ["grant", "revoke", "keys", "backup"].contains(options.command)
    while let argument = remaining.popFirst() {
      if takesArguments, !argument.hasPrefix("-") {
        options.arguments.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      if name == "--json", options.command == "keys", parts.count == 1 {
        options.json = true
        continue
      }
      if name == "--force", options.command == "backup", parts.count == 1 {
        options.force = true
        continue
      }
      if name == "--until", options.command == "grant" {
        guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
          throw UsageError(message: "--until needs a date (YYYY-MM-DD or an ISO 8601 time)")
        }
        options.until = value
        continue
      }
      guard name == "--config" || keys[name] != nil else {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
        throw UsageError(message: "\(name) needs a value")
      }
      if let key = keys[name] { options.flags[key] = value } else { options.configPath = value }
    }
    return options
  }

  static func configuration(_ settings: ServerSettings) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration(
      eventLoopCount: settings.eventLoops, maxConnections: settings.maxConnections,
      headTimeout: settings.headTimeout, keepAliveTimeout: settings.keepAliveTimeout)
    configuration.parserLimits.maxBodyBytes = settings.maxBodyBytes
    configuration.maxBufferedBodyBytes = settings.maxBodyMemory
    return configuration
  }

  private static func serveAPI(_ settings: ServerSettings) async -> Int32 {
    _ = ServerEnvironment.raiseOpenFileLimit()
    do {
      try ServerEnvironment.prepareDataDirectory(settings.dataDirectory)
    } catch {
      write("kiln-server: \(error.message)\n", to: .standardError)
      return 1
    }
    let services: ServeServices
    do {
      services = try await ServeServices.make(
        settings, clock: .live,
        // Problems (an upstream failing, a store error) as JSON lines on stderr, redacted.
        logger: AppLogger(minimumLevel: .notice, sinks: [StandardErrorLogSink()]))
    } catch {
      switch error {
      case .configuration(let message):
        return usageFailure(message)
      case .unavailable(let message):
        write("kiln-server: \(message)\n", to: .standardError)
        return 1
      }
    }
    for warning in services.warnings {
      write("kiln-server: warning: \(warning)\n", to: .standardError)
    }
    let metrics = HTTPServerMetrics()
    let router = ServeRoutes.router(
      ServeRoutes.Dependencies(
        clock: .live, makeIdentifier: RequestIDMiddleware.systemRandomIdentifiers, metrics: metrics,
        accessLog: settings.accessLogEnabled ? FileDescriptorAccessLogSink() : nil,
        metricsToken: settings.metricsToken, services: services, edge: settings.edge))
    let server = HTTPServer(
      host: settings.host, port: settings.port, configuration: configuration(settings),
      metrics: metrics, router: router)
    let proxy = services.proxy
    // Ledger lines of whole answers are written after the answer; they finish before exit.
    return await serve(settings, command: "serve", server: server) {
      await proxy.finishLedgerWrites()
    }
  }

  static func serve(
    _ settings: ServerSettings, command: String, server: HTTPServer,
    afterStopping: @Sendable () async -> Void = {}
  ) async
    -> Int32
  {
    // Watch for SIGTERM before anyone can know the address, so a signal sent right after
    // the address line still stops the server gracefully instead of killing it.
    let termination = TerminationSignals()
    let port: Int
    do {
      port = try server.start()
    } catch {
      write(
        "kiln-server: cannot listen on \(settings.host):\(settings.port) (\(error))\n",
        to: .standardError)
      return 1
    }
    let host =
      settings.host.contains(":") && !settings.host.hasPrefix("[")
      ? "[\(settings.host)]" : settings.host
    write("kiln-server \(command) listening on http://\(host):\(port)\n", to: .standardOutput)
    await termination.wait()
    write("kiln-server: stopping\n", to: .standardError)
    await server.shutdown(deadline: settings.shutdownTimeout)
    await afterStopping()
    return 0
  }

  static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}

/// The pipe a signal handler writes to: created before any handler is installed.
enum TerminationPipe {
  static let ends: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    return (ends[0], ends[1])
  }()
}

/// SIGTERM and SIGINT, caught from creation on by a handler that writes one byte to a pipe;
/// `wait` returns at the first (at once if one already came).
///
/// A signal handler rather than a dispatch signal source: the source is armed
/// asynchronously after `SIG_IGN`, so a SIGTERM sent just after the address line was
/// ignored and the server never stopped.
final class TerminationSignals {
  init() {
    _ = TerminationPipe.ends
    for number in [SIGTERM, SIGINT] {
      signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(TerminationPipe.ends.write, &byte, 1)
      }
    }
  }

  func wait() async {
    let descriptor = TerminationPipe.ends.read
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) < 0, errno == EINTR {}
        continuation.resume()
      }.start()
    }
  }
}
