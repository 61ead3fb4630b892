import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import Sync

extension AppDependencies {
  /// The real app: the SQLite database under the data folder, the configured AI provider,
  /// accounts and payments as configuration and build type decide.
  ///
  /// - Throws: `ConfigurationError` (usage errors: exit status 2) when a module rejects the
  ///   configuration; `DataLocationError` when the data folder or database cannot be
  ///   created or opened, `StorageError` when it cannot be read (run-time failures: exit
  ///   status 1).
  public static func live(
    configuration: Configuration, environment: AppEnvironment, logSinks: [any LogSink] = []
  ) throws -> AppDependencies {
    let paths = environment.paths
    let flags = FeatureFlags.resolve(
      configuration, isDevelopmentBuild: environment.isDevelopmentBuild)
    let clock = environment.clock
    let language = environment.language(for: configuration)
    L10n.setLanguage(language)

    let ai = try resolveAI(configuration)

    try StorageBuilder.prepareDataDirectory(paths.dataDirectory)
    var sinks = logSinks
    if let fileSink = try? JSONLinesFileLogSink(url: paths.logFile) { sinks.append(fileSink) }
    let level = configuration.value(.logLevel).flatMap(LogLevel.init(name:)) ?? .info
    let logger = AppLogger(minimumLevel: level, sinks: sinks, now: clock.now)
    let uuid = UUIDGenerator.timeOrdered(clock: clock, random: environment.random)

    let store = try StorageBuilder.live(
      path: paths.database.path, readsOnly: environment.readsDataOnly, clock: clock, uuid: uuid,
      logger: logger)
    let secureStore = FileSecureStore(directory: paths.secretsDirectory, logger: logger)
    let auth = AccountServicesBuilder.auth(
      configuration: configuration, flags: flags, secureStore: secureStore, clock: clock,
      logger: logger)
    let http = ChatServicesBuilder.httpClients(
      auth: auth.client, random: environment.random, clock: clock, logger: logger)
    let chatClient = ChatServicesBuilder.chatClient(
      ai, configuration: configuration, http: http, clock: clock, logger: logger)
    let payments = try AccountServicesBuilder.payments(
      configuration: configuration, flags: flags, paths: paths, secureStore: secureStore,
      clock: clock, logger: logger, httpClient: http.provider,
      locale: Locale(identifier: language.code))

    return AppDependencies(
      configuration: configuration, paths: paths, flags: flags, logger: logger, clock: clock,
      uuid: uuid, language: language, ai: ai, chatClient: chatClient, store: store,
      secureStore: secureStore, auth: auth.client, sessionKeeper: auth.keeper,
      payments: payments, instanceLock: InstanceLock(directory: paths.dataDirectory),
      freeTierPolicy: freeTierPolicy(configuration),
      chat: ChatServicesBuilder.chatConfiguration(configuration, ai: ai),
      calendar: localCalendar(), random: environment.random,
      syncJournal: flags.chatSyncEnabled
        ? store.database.flatMap { (environment.syncJournal ?? SyncJournalFactory.live)($0, clock) }
        : nil,
      syncTransport: flags.chatSyncEnabled
        ? SyncServicesBuilder.transport(
          configuration: configuration, auth: auth.client, clock: clock, logger: logger)
        : nil)
  }

  /// The AI provider for `configuration`; a rejected value becomes a configuration issue.
  /// - Throws: `ConfigurationError` naming the key and how to fix it.
  nonisolated public static func resolveAI(
    _ configuration: Configuration
  ) throws(ConfigurationError) -> AIConfiguration {
    try ChatServicesBuilder.resolveAI(configuration)
  }

  /// The free tier `configuration` sets (`KILN_FREE_MESSAGE_LIMIT`, `KILN_FREE_MESSAGE_PERIOD`).
  nonisolated public static func freeTierPolicy(_ configuration: Configuration) -> FreeTierPolicy {
    ChatServicesBuilder.freeTierPolicy(configuration)
  }

  /// The user's calendar decides where a day of the daily free allowance begins; this is the
  /// one place that reads the machine's time zone.
  static func localCalendar() -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    return calendar
  }
}
