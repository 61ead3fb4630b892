import Backend
import Foundation

/// A configuration mistake: exit 2 with a sentence that names the key (never a secret's
/// value).
struct ServerConfigurationError: Error, Equatable {
  var key: String?
  var message: String
}

/// Where a value came from, for `kiln-server config` and error messages.
enum SettingOrigin: Equatable, CustomStringConvertible {
  case defaultValue(String?)
  case file(path: String, line: Int)
  case environment
  case commandLine

  var description: String {
    switch self {
    case .defaultValue(let note): note.map { "default: \($0)" } ?? "default"
    case .file(let path, let line): "\(path):\(line)"
    case .environment: "environment"
    case .commandLine: "command line"
    }
  }
}

/// One configuration key kiln-server reads (decisions 22, 29, 30).
struct SettingKey: Equatable {
  var name: String
  var isSecret = false
  var summary: String

  static let host = SettingKey(
    name: "HOST", summary: "address to listen on (IPv4, IPv6 or localhost)")
  static let port = SettingKey(name: "PORT", summary: "port, 0 picks a free one")
  static let dataDirectory = SettingKey(
    name: "DATA_DIR", summary: "directory for the server's files, created 0700")
  static let eventLoops = SettingKey(name: "EVENT_LOOPS", summary: "event-loop threads")
  static let maxConnections = SettingKey(
    name: "MAX_CONNECTIONS", summary: "open connections before new ones get 503")
  static let maxBodySize = SettingKey(
    name: "MAX_BODY_SIZE", summary: "default request body limit (bytes, KiB or MiB)")
  static let maxBodyMemory = SettingKey(
    name: "MAX_BODY_MEMORY",
    summary: "request bodies held at once, all connections (bytes, KiB or MiB); then 503")
  static let headTimeout = SettingKey(
    name: "HEAD_TIMEOUT", summary: "time to receive a request head (N[s|m|h|d])")
  static let keepAliveTimeout = SettingKey(
    name: "KEEP_ALIVE_TIMEOUT", summary: "idle time before a kept-alive connection closes")
  static let shutdownTimeout = SettingKey(
    name: "SHUTDOWN_TIMEOUT", summary: "time requests and streams get to finish on SIGTERM")
  static let accessLog = SettingKey(
    name: "ACCESS_LOG", summary: "stderr (one JSON line per request) or off")
  static let metricsToken = SettingKey(
    name: "METRICS_TOKEN", isSecret: true,
    summary: "bearer token for GET /metrics; unset, only loopback peers may read it")

  static let all: [SettingKey] =
    [
      host, port, dataDirectory, eventLoops, maxConnections, maxBodySize, maxBodyMemory,
      headTimeout,
      keepAliveTimeout, shutdownTimeout, accessLog, metricsToken,
    ] + proxyKeys + proxyLimitKeys + syncKeys + authKeys + edgeKeys
}

/// What kiln-server runs with, after file, environment and flags are merged and checked.
struct ServerSettings: Equatable {
  var host: String
  var port: Int
  var dataDirectory: String
  var eventLoops: Int
  var maxConnections: Int
  var maxBodyBytes: Int
  /// Request bodies held at once across connections (`HTTPServerConfiguration`'s
  /// `maxBufferedBodyBytes`).
  var maxBodyMemory = 256 << 20
  var headTimeout: Duration
  var keepAliveTimeout: Duration
  var shutdownTimeout: Duration
  var accessLogEnabled: Bool
  var metricsToken: String?
  /// The AI proxy's keys (issue #17 item 10), parsed into plain values.
  var proxy: ProxySettings
  /// The proxy's bounds, aliases and personas.
  var proxyLimits: ProxyLimits
  /// The auth service's keys (issue #18 item 9).
  var auth: AuthSettings
  /// Trusted proxies and CORS (decision 25).
  var edge = EdgeSettings()
  /// The sync routes' body limit.
  var sync = SyncSettings()
  /// Every key's value as text and its origin, for `kiln-server config`.
  var shown: [(key: SettingKey, value: String?, origin: SettingOrigin)]

  static func == (left: ServerSettings, right: ServerSettings) -> Bool {
    left.host == right.host && left.port == right.port
      && left.dataDirectory == right.dataDirectory && left.eventLoops == right.eventLoops
      && left.maxConnections == right.maxConnections && left.maxBodyBytes == right.maxBodyBytes
      && left.metricsToken == right.metricsToken
  }

  /// `kiln-server config`'s lines: `KEY = value  (origin)`, secrets redacted.
  var report: String {
    let width = SettingKey.all.map(\.name.count).max() ?? 0
    return shown.map { entry in
      let name = entry.key.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let value: String
      if let text = entry.value {
        value = entry.key.isSecret ? "<redacted>" : text
      } else {
        value = "(not set)"
      }
      return "\(name) = \(value)  (\(entry.origin))"
    }.joined(separator: "\n") + "\n"
  }
}

extension ServerSettings {
  /// The store `serve`, `migrate`, `grant`, `revoke` and `keys` all use: PostgreSQL with
  /// `DATABASE_URL`, else SQLite in the data directory.
  var storeLocation: ServerStoreLocation {
    ServerStoreLocation.from(
      databaseURL: proxy.databaseURL,
      dataDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true))
  }
}
