import Foundation

/// Where and how to connect, parsed from a `DATABASE_URL`
/// (`postgres://user:password@host:port/database?sslmode=require`).
///
/// The password is kept for libpq only: `description` and every error this type throws leave
/// it out (and never repeat the URL, which holds it).
public struct PostgresConfiguration: Equatable, Sendable {
  /// How the connection uses TLS (libpq's `sslmode`).
  public enum TLSMode: String, CaseIterable, Sendable {
    /// Never TLS.
    case disable
    /// TLS only if the server insists.
    case allow
    /// TLS when the server offers it (libpq's default).
    case prefer
    /// TLS always, without checking the certificate.
    case require
    /// TLS with a certificate signed by a trusted authority.
    case verifyCA = "verify-ca"
    /// TLS with a trusted certificate whose name matches the host.
    case verifyFull = "verify-full"
  }

  /// The host name or address (IPv6 without brackets).
  public var host: String
  /// The TCP port (5432 unless the URL says otherwise).
  public var port: Int
  /// The role to connect as.
  public var user: String
  /// The role's password, if the URL has one. Never logged.
  public var password: String?
  /// The database; libpq uses the user's name when this is nil.
  public var database: String?
  /// TLS use (`sslmode`); nil leaves libpq's default (`prefer`).
  public var tlsMode: TLSMode?
  /// Seconds libpq waits for the server to answer the connection (`connect_timeout`).
  public var connectTimeoutSeconds: Int
  /// The name the server shows in `pg_stat_activity` (`application_name`).
  public var applicationName: String

  /// A configuration from its parts.
  public init(
    host: String, port: Int = 5432, user: String, password: String? = nil,
    database: String? = nil, tlsMode: TLSMode? = nil, connectTimeoutSeconds: Int = 10,
    applicationName: String = "kiln"
  ) {
    self.host = host
    self.port = port
    self.user = user
    self.password = password
    self.database = database
    self.tlsMode = tlsMode
    self.connectTimeoutSeconds = connectTimeoutSeconds
    self.applicationName = applicationName
  }

  /// Parses a `DATABASE_URL`: scheme `postgres` or `postgresql`, a user, an optional
  /// password, a host, an optional port and database (all percent-decoded), and the query
  /// parameters `sslmode`, `connect_timeout` and `application_name`.
  /// - Throws: `PostgresError` of kind `.invalidURL` naming what is wrong; the message never
  ///   repeats the URL or the password.
  public init(url text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw Self.invalid("DATABASE_URL is empty") }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme
    else { throw Self.invalid("DATABASE_URL is not a URL") }
    guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
      throw Self.invalid("DATABASE_URL must start with postgres:// or postgresql://")
    }
    guard let host = components.host, !host.isEmpty else {
      throw Self.invalid("DATABASE_URL has no host")
    }
    guard let user = components.user, !user.isEmpty else {
      throw Self.invalid("DATABASE_URL has no user name")
    }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else {
      throw Self.invalid("DATABASE_URL's port must be between 1 and 65535")
    }
    var path = components.path
    if path.hasPrefix("/") { path.removeFirst() }
    guard !path.contains("/") else {
      throw Self.invalid("DATABASE_URL's path must be one database name")
    }
    self.init(
      host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port,
      user: user, password: components.password, database: path.isEmpty ? nil : path)
    try apply(queryItems: components.queryItems ?? [])
  }

  private mutating func apply(queryItems: [URLQueryItem]) throws {
    var seen: Set<String> = []
    for item in queryItems {
      guard seen.insert(item.name).inserted else {
        throw Self.invalid("DATABASE_URL repeats the parameter \(item.name)")
      }
      let value = item.value ?? ""
      switch item.name {
      case "sslmode":
        guard let mode = TLSMode(rawValue: value) else {
          let known = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
          throw Self.invalid("DATABASE_URL's sslmode must be one of \(known)")
        }
        tlsMode = mode
      case "connect_timeout":
        guard let seconds = Int(value), seconds >= 0 else {
          throw Self.invalid("DATABASE_URL's connect_timeout must be a whole number of seconds")
        }
        connectTimeoutSeconds = seconds
      case "application_name":
        applicationName = value
      default:
        throw Self.invalid(
          "DATABASE_URL has the unknown parameter \(item.name) "
            + "(known: sslmode, connect_timeout, application_name)")
      }
    }
  }

  private static func invalid(_ message: String) -> PostgresError {
    PostgresError(.invalidURL, message: message)
  }

  /// libpq's connection keywords and values for `PQconnectdbParams`. The session is set to
  /// UTF-8, ISO dates and UTC so rows decode the same whatever the server's defaults, and
  /// sends no NOTICE messages (`CREATE … IF NOT EXISTS` would send one per run).
  var connectionParameters: [(String, String)] {
    var parameters: [(String, String)] = [
      ("host", host), ("port", String(port)), ("user", user),
      ("connect_timeout", String(connectTimeoutSeconds)),
      ("application_name", applicationName), ("client_encoding", "UTF8"),
      (
        "options",
        "-c DateStyle=ISO -c TimeZone=UTC -c IntervalStyle=iso_8601 -c client_min_messages=warning"
      ),
    ]
    if let password { parameters.append(("password", password)) }
    if let database { parameters.append(("dbname", database)) }
    if let tlsMode { parameters.append(("sslmode", tlsMode.rawValue)) }
    return parameters
  }
}

extension PostgresConfiguration: CustomStringConvertible {
  /// The URL with the password replaced by `***`, safe for logs.
  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let credentials = password == nil ? user : "\(user):***"
    var text = "postgres://\(credentials)@\(shownHost):\(port)/\(database ?? "")"
    if let tlsMode { text += "?sslmode=\(tlsMode.rawValue)" }
    return text
  }
}

extension PostgresConfiguration: CustomDebugStringConvertible {
  /// The same as `description`: the password never shows, not even in `debugPrint`.
  public var debugDescription: String { description }
}

extension PostgresConfiguration: CustomReflectable {
  /// Reflection (`dump`, test failure output) shows the redacted URL, not the password.
  public var customMirror: Mirror { Mirror(self, children: ["url": description]) }
}
