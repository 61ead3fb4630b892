import Foundation
import HTTPServer
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Parses kiln-server's command line and runs the chosen command.
///
/// Exit statuses: 0 after a clean stop (SIGTERM / SIGINT) or `--help` / `--version`; 1 when
/// the server cannot start (address in use, bad host); 2 for a mistake on the command line
/// or in `HOST` / `PORT`.
enum ServerCommandLine {
  static let version = "0.1.0"
  static let defaultHost = "127.0.0.1"
  static let defaultPort = 54_321

  static let help = """
    kiln-server \(version): Kiln's HTTP server.

    Usage:
      kiln-server [serve] [--host HOST] [--port PORT]
          Serve Kiln's API (today: GET /health). Default 127.0.0.1:54321.
      kiln-server echo [--host HOST] [--port PORT]
          A diagnostics server: every request is answered 200 with JSON describing what
          was parsed (method, target, version, headers, body_base64).
      kiln-server --version
      kiln-server --help

    HOST and PORT in the environment are used when the flags are absent; port 0 picks a
    free port. The server prints the address it listens on, and stops gracefully on
    SIGTERM or SIGINT (requests and streams in flight get 10 seconds to finish).
    """

  struct UsageError: Error {
    var message: String
  }

  struct Options: Equatable {
    var command = "serve"
    var host: String
    var port: Int
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
    let options: Options
    do {
      options = try parse(arguments, environment: environment)
    } catch {
      write(
        "kiln-server: \(error.message)\nRun kiln-server --help for usage.\n", to: .standardError)
      return 2
    }
    let server: HTTPServer
    if options.command == "echo" {
      server = HTTPServer(host: options.host, port: options.port, responder: EchoResponder.respond)
    } else {
      let metrics = HTTPServerMetrics()
      let router = ServeRoutes.router(
        ServeRoutes.Dependencies(
          clock: .live, makeIdentifier: .live, metrics: metrics,
          accessLog: FileDescriptorAccessLogSink(), metricsToken: environment["METRICS_TOKEN"]))
      server = HTTPServer(host: options.host, port: options.port, metrics: metrics, router: router)
    }
    return await serve(options, server: server)
  }

  static func parse(
    _ arguments: [String], environment: [String: String]
  ) throws(UsageError)
    -> Options
  {
    var remaining = arguments[...]
    var command = "serve"
    if let first = remaining.first, !first.hasPrefix("-") {
      guard first == "serve" || first == "echo" else {
        throw UsageError(message: "unknown command '\(first)'")
      }
      command = first
      remaining = remaining.dropFirst()
    }
    var host: String?
    var port: String?
    var portSource = "--port"
    while let argument = remaining.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard name == "--host" || name == "--port" else {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
        throw UsageError(message: "\(name) needs a value")
      }
      if name == "--host" { host = value } else { port = value }
    }
    if port == nil, let fromEnvironment = environment["PORT"] {
      port = fromEnvironment
      portSource = "PORT"
    }
    let resolvedHost = host ?? environment["HOST"] ?? defaultHost
    guard !resolvedHost.isEmpty else { throw UsageError(message: "the host is empty") }
    guard let number = port.map({ Int($0) }) ?? defaultPort, (0...65_535).contains(number) else {
      throw UsageError(message: "\(portSource) must be a port number from 0 to 65535")
    }
    return Options(command: command, host: resolvedHost, port: number)
  }

  static func serve(_ options: Options, server: HTTPServer) async -> Int32 {
    let port: Int
    do {
      port = try server.start()
    } catch {
      write(
        "kiln-server: cannot listen on \(options.host):\(options.port) (\(error))\n",
        to: .standardError)
      return 1
    }
    write(
      "kiln-server \(options.command) listening on http://\(options.host):\(port)\n",
      to: .standardOutput)
    await waitForTermination()
    write("kiln-server: stopping\n", to: .standardError)
    await server.shutdown(deadline: .seconds(10))
    return 0
  }

  /// Returns at the first SIGTERM or SIGINT.
  static func waitForTermination() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let sources = [SIGTERM, SIGINT].map { number in
        signal(number, SIG_IGN)
        return DispatchSource.makeSignalSource(signal: number, queue: .main)
      }
      let resumed = Resumed()
      for source in sources {
        source.setEventHandler {
          guard resumed.first() else { return }
          sources.forEach { $0.cancel() }
          continuation.resume()
        }
        source.resume()
      }
    }
  }

  static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}

/// Lets only the first of several signals resume the waiting command.
final class Resumed: Sendable {
  private let done = Mutex(false)

  func first() -> Bool {
    done.withLock { done in
      defer { done = true }
      return !done
    }
  }
}
