import Core
import Foundation
import Localization

/// What the process brings to the composition root: its environment, the options that move
/// files, and the sources of time, identifiers and randomness.
public struct AppEnvironment: Sendable {
  /// The process environment.
  public var variables: [String: String]
  /// `--data-dir`, if given.
  public var dataDirectoryOption: String?
  /// `--config`, if given.
  public var configFileOption: String?
  /// Whether this is a development build (mocks for accounts and payments by default).
  public var isDevelopmentBuild: Bool
  /// Wall-clock time and sleeping.
  public var clock: AppClock
  /// Randomness (retry jitter, identifiers).
  public var random: RandomSource
  /// Whether the command only reads the data folder, so a database Kiln cannot write (a
  /// read-only folder or file) is opened read-only instead of failing.
  public var readsDataOnly = false
  /// Makes the sync journal over the app's database; `nil` uses `SyncJournalFactory.live`.
  /// Tests give a journal of their own here.
  public var syncJournal: SyncJournalMaker?

  public init(
    variables: [String: String], dataDirectoryOption: String? = nil,
    configFileOption: String? = nil, isDevelopmentBuild: Bool, clock: AppClock = .live,
    random: RandomSource = .live
  ) {
    self.variables = variables
    self.dataDirectoryOption = dataDirectoryOption
    self.configFileOption = configFileOption
    self.isDevelopmentBuild = isDevelopmentBuild
    self.clock = clock
    self.random = random
  }

  /// The files Kiln uses in this environment.
  public var paths: KilnPaths {
    KilnPaths.resolve(
      environment: variables, dataDirectoryOption: dataDirectoryOption,
      configFileOption: configFileOption)
  }

  /// Reads the config file (when present, or when named explicitly) and merges it with the
  /// environment; then validates everything.
  /// - Throws: `ConfigurationError` listing every problem.
  public func loadConfiguration() throws -> Configuration {
    let paths = self.paths
    var file: [String: ConfigurationEntry] = [:]
    if paths.configFileIsExplicit || FileManager.default.fileExists(atPath: paths.configFile.path) {
      file = try ConfigurationFile.load(path: paths.configFile.path)
    }
    let configuration = Configuration.merged(file: file, environment: variables)
    try ConfigurationValidator.validate(configuration)
    return configuration
  }

  /// The interface language: `KILN_LANGUAGE`, else the POSIX locale variables, else English.
  public func language(for configuration: Configuration) -> Language {
    if let chosen = configuration.value(.language) { return Language(identifier: chosen) }
    let candidates = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { variables[$0] }
      .filter { !$0.isEmpty }
    return Language(preferredIdentifiers: candidates)
  }
}
