import Foundation

/// Merging and checking kiln-server's configuration: the file (`--config`), then the
/// environment, then flags; every value is checked and a bad one names its key.
extension ServerSettings {
  /// Facts about the machine that defaults derive from.
  struct Machine {
    var onlineCores: Int
    /// The open-file limit serve runs with (the hard limit, which it raises the soft one to).
    var openFileLimit: Int
    var environment: [String: String]
  }

  static let defaultHost = "127.0.0.1"
  static let defaultPort = 54_321

  /// The default connection cap: the open-file limit less a reserve for the server's own
  /// files, database and upstream connections (a tenth, at least 64).
  static func connectionCap(openFileLimit: Int) -> Int {
    max(16, openFileLimit - max(64, openFileLimit / 10))
  }

  /// The default data directory: `$XDG_DATA_HOME/kiln-server`, else
  /// `~/.local/share/kiln-server`, else `./kiln-server-data`.
  static func defaultDataDirectory(_ environment: [String: String]) -> String {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kiln-server" }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.local/share/kiln-server"
    }
    return "kiln-server-data"
  }

  /// Resolves every key from `flags` (by key name), the file at `configPath` and the
  /// environment; throws the first mistake.
  static func resolve(
    flags: [String: String], configPath: String?, machine: Machine
  ) throws(ServerConfigurationError) -> ServerSettings {
    var raw: [String: (value: String, origin: SettingOrigin)] = [:]
    if let configPath {
      for (key, entry) in try ServerConfigFile.load(path: configPath) {
        guard SettingKey.all.contains(where: { $0.name == key }) else {
          throw ServerConfigurationError(
            key: key,
            message: "\(configPath):\(entry.line): unknown key \(key) (kiln-server --help lists "
              + "the keys)")
        }
        raw[key] = (entry.value, .file(path: configPath, line: entry.line))
      }
    }
    for key in SettingKey.all {
      if let value = machine.environment[key.name] { raw[key.name] = (value, .environment) }
      if let value = flags[key.name] { raw[key.name] = (value, .commandLine) }
    }
    for key in SettingKey.all {
      guard let entry = raw[key.name] else { continue }
      if entry.value.contains("YOUR") || entry.value.lowercased().contains("placeholder") {
        throw ServerConfigurationError(
          key: key.name,
          message: "\(key.name) (\(entry.origin)) is still a placeholder; set a real value or "
            + "remove it")
      }
    }
    var resolver = Resolver(raw: raw)
    let cap = connectionCap(openFileLimit: machine.openFileLimit)
    var settings = ServerSettings(
      host: try resolver.text(.host, default: defaultHost),
      port: try resolver.integer(
        .port, default: defaultPort, in: 0...65_535, expected: "a port number from 0 to 65535"),
      dataDirectory: try resolver.text(
        .dataDirectory, default: defaultDataDirectory(machine.environment)),
      eventLoops: try resolver.integer(
        .eventLoops, default: machine.onlineCores, in: 1...1024, note: "one per online core"),
      maxConnections: try resolver.integer(
        .maxConnections, default: cap, in: 1...10_000_000,
        note: "from the open-file limit \(machine.openFileLimit)"),
      maxBodyBytes: try resolver.size(.maxBodySize, default: 16 * 1024 * 1024),
      headTimeout: try resolver.duration(.headTimeout, default: .seconds(10)),
      keepAliveTimeout: try resolver.duration(.keepAliveTimeout, default: .seconds(60)),
      shutdownTimeout: try resolver.duration(
        .shutdownTimeout, default: .seconds(10), allowsZero: true),
      accessLogEnabled: try resolver.choice(.accessLog, default: "stderr", in: ["stderr", "off"])
        == "stderr",
      metricsToken: resolver.optional(.metricsToken),
      proxy: try ProxySettings.resolve(&resolver),
      proxyLimits: try ProxyLimits.resolve(&resolver),
      auth: try AuthSettings.resolve(&resolver, cores: machine.onlineCores), shown: [])
    settings.sync = try SyncSettings.resolve(&resolver)
    settings.edge = try EdgeSettings.resolve(&resolver)
    // A route whose whole body could never fit would refuse its largest requests for good:
    // the default grows to the largest, and a smaller value set by hand is refused.
    let largestBody = max(
      settings.maxBodyBytes, settings.sync.maxBodyBytes * 2, settings.proxyLimits.maxBodyBytes * 2)
    settings.maxBodyMemory = try resolver.size(
      .maxBodyMemory, default: max(256 << 20, largestBody))
    if settings.maxBodyMemory < largestBody {
      throw ServerConfigurationError(
        key: SettingKey.maxBodyMemory.name,
        message: "MAX_BODY_MEMORY must be at least \(largestBody) bytes, the largest body a route "
          + "takes (MAX_BODY_SIZE, twice SYNC_MAX_BODY_BYTES, twice PROXY_MAX_BODY_BYTES)")
    }
    settings.shown = resolver.shown
    return settings
  }

  /// Reads and checks values, remembering what it showed for `config`.
  struct Resolver {
    /// The raw values by key, with where each came from.
    var raw: [String: (value: String, origin: SettingOrigin)]
    var shown: [(key: SettingKey, value: String?, origin: SettingOrigin)] = []

    private func failure(
      _ key: SettingKey, _ origin: SettingOrigin, _ expected: String
    )
      -> ServerConfigurationError
    {
      ServerConfigurationError(
        key: key.name, message: "\(key.name) (\(origin)) must be \(expected)")
    }

    mutating func text(
      _ key: SettingKey, default value: String
    ) throws(ServerConfigurationError)
      -> String
    {
      guard let entry = raw[key.name] else {
        shown.append((key, value, .defaultValue(nil)))
        return value
      }
      guard !entry.value.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw failure(key, entry.origin, "a non-empty value")
      }
      shown.append((key, entry.value, entry.origin))
      return entry.value
    }

    mutating func optional(_ key: SettingKey) -> String? {
      guard let entry = raw[key.name], !entry.value.isEmpty else {
        shown.append((key, nil, .defaultValue(nil)))
        return nil
      }
      shown.append((key, entry.value, entry.origin))
      return entry.value
    }

    mutating func integer(
      _ key: SettingKey, default value: Int, in range: ClosedRange<Int>, note: String? = nil,
      expected: String? = nil
    ) throws(ServerConfigurationError) -> Int {
      guard let entry = raw[key.name] else {
        shown.append((key, String(value), .defaultValue(note)))
        return value
      }
      guard entry.value.allSatisfy(\.isASCII), let number = Int(entry.value),
        range.contains(number)
      else {
        throw failure(
          key, entry.origin,
          expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      shown.append((key, String(number), entry.origin))
      return number
    }

    mutating func size(
      _ key: SettingKey, default value: Int
    ) throws(ServerConfigurationError)
      -> Int
    {
      guard let entry = raw[key.name] else {
        let mebibytes = value / (1024 * 1024)
        let text = mebibytes * 1024 * 1024 == value ? "\(mebibytes)MiB" : "\(value)"
        shown.append((key, text, .defaultValue(nil)))
        return value
      }
      let units: [(String, Int)] = [("MiB", 1024 * 1024), ("KiB", 1024), ("", 1)]
      for (suffix, multiplier) in units where entry.value.hasSuffix(suffix) {
        let digits = entry.value.dropLast(suffix.count)
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits),
          number >= 0, number <= Int(Int32.max) / multiplier
        {
          shown.append((key, entry.value, entry.origin))
          return number * multiplier
        }
        break
      }
      throw failure(key, entry.origin, "a size such as 1048576, 512KiB or 16MiB")
    }

    mutating func duration(
      _ key: SettingKey, default value: Duration, allowsZero: Bool = false
    ) throws(ServerConfigurationError) -> Duration {
      guard let entry = raw[key.name] else {
        shown.append((key, "\(value.components.seconds)s", .defaultValue(nil)))
        return value
      }
      let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
      if let unit = entry.value.last, let multiplier = units[unit] {
        let digits = entry.value.dropLast()
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int64(digits),
          number >= (allowsZero ? 0 : 1), number <= 365 * 86_400 / multiplier
        {
          shown.append((key, entry.value, entry.origin))
          return .seconds(number * multiplier)
        }
      }
      throw failure(key, entry.origin, "a duration such as 30s, 5m, 1h or 1d")
    }

    mutating func choice(
      _ key: SettingKey, default value: String, in choices: [String]
    ) throws(ServerConfigurationError) -> String {
      guard let entry = raw[key.name] else {
        shown.append((key, value, .defaultValue(nil)))
        return value
      }
      guard choices.contains(entry.value) else {
        throw failure(key, entry.origin, choices.joined(separator: " or "))
      }
      shown.append((key, entry.value, entry.origin))
      return entry.value
    }
  }
}
