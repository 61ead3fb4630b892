import Foundation

/// Where Kiln keeps its files, following the XDG base-directory rules.
///
/// - Data (the database, logs): `--data-dir`, else `KILN_HOME`, else
///   `$XDG_DATA_HOME/kiln`, else `~/.local/share/kiln`.
/// - The config file: `--config`, else `$XDG_CONFIG_HOME/kiln/config`, else
///   `~/.config/kiln/config`.
/// - Secrets (the signed-in session): the data folder when `--data-dir` or `KILN_HOME`
///   relocates Kiln (so a relocated Kiln never touches the user's real session), else
///   `$XDG_CONFIG_HOME/kiln`, else `~/.config/kiln`.
public struct KilnPaths: Equatable, Sendable {
  /// Folder for the database and other data.
  public var dataDirectory: URL
  /// The configuration file (it may not exist).
  public var configFile: URL
  /// Whether `configFile` was named explicitly (then it must exist).
  public var configFileIsExplicit: Bool
  /// Folder for the secure store.
  public var secretsDirectory: URL

  /// The database file.
  public var database: URL { dataDirectory.appendingPathComponent("kiln.sqlite") }
  /// The JSON-lines log file.
  public var logFile: URL { dataDirectory.appendingPathComponent("kiln.log.jsonl") }

  public init(
    dataDirectory: URL, configFile: URL, configFileIsExplicit: Bool, secretsDirectory: URL
  ) {
    self.dataDirectory = dataDirectory
    self.configFile = configFile
    self.configFileIsExplicit = configFileIsExplicit
    self.secretsDirectory = secretsDirectory
  }

  /// Resolves the paths from the environment and command-line options.
  /// - Parameters:
  ///   - environment: the process environment (`HOME`, `XDG_*`, `KILN_HOME`).
  ///   - dataDirectoryOption: `--data-dir`, if given.
  ///   - configFileOption: `--config`, if given.
  public static func resolve(
    environment: [String: String], dataDirectoryOption: String? = nil,
    configFileOption: String? = nil
  ) -> KilnPaths {
    let home = URL(fileURLWithPath: nonEmpty(environment["HOME"]) ?? NSHomeDirectory())
    func xdg(_ name: String, fallback: String) -> URL {
      if let value = nonEmpty(environment[name]), value.hasPrefix("/") {
        return URL(fileURLWithPath: value)
      }
      return home.appendingPathComponent(fallback)
    }
    let configHome = xdg("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("kiln")
    let relocated = nonEmpty(dataDirectoryOption) ?? nonEmpty(environment["KILN_HOME"])
    let dataDirectory =
      relocated.map { URL(fileURLWithPath: expandTilde($0, home: home)) }
      ?? xdg("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("kiln")
    let configFile =
      nonEmpty(configFileOption).map { URL(fileURLWithPath: expandTilde($0, home: home)) }
      ?? configHome.appendingPathComponent("config")
    return KilnPaths(
      dataDirectory: dataDirectory.standardizedFileURL,
      configFile: configFile.standardizedFileURL,
      configFileIsExplicit: nonEmpty(configFileOption) != nil,
      secretsDirectory: (relocated != nil ? dataDirectory : configHome).standardizedFileURL)
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  private static func expandTilde(_ path: String, home: URL) -> String {
    if path == "~" { return home.path }
    if path.hasPrefix("~/") { return home.appendingPathComponent(String(path.dropFirst(2))).path }
    return path
  }
}
