import AI
import Auth
import Core
import FeatureChat
import Foundation
import Localization
import Networking
import Payments
import Storage

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

    do {
      try makeDirectory(paths.dataDirectory)
    } catch {
      throw DataLocationError.folder(paths.dataDirectory.path, error)
    }
    var sinks = logSinks
    if let fileSink = try? JSONLinesFileLogSink(url: paths.logFile) { sinks.append(fileSink) }
    let level = configuration.value(.logLevel).flatMap(LogLevel.init(name:)) ?? .info
    let logger = AppLogger(minimumLevel: level, sinks: sinks, now: clock.now)
    let uuid = UUIDGenerator.timeOrdered(clock: clock, random: environment.random)

    let database = try openDatabase(
      paths.database.path, readsOnly: environment.readsDataOnly, clock: clock, logger: logger)
    let store = Repositories(
      database: database,
      conversations: SQLiteConversationRepository(database: database, clock: clock, uuid: uuid),
      messages: SQLiteMessageRepository(database: database),
      settings: SQLiteSettingsRepository(database: database),
      memories: SQLiteMemoryRepository(database: database, clock: clock, uuid: uuid),
      usage: SQLiteUsageRepository(database: database),
      preferences: try DatabaseKeyValueStore(database: database, logger: logger))
    let secureStore = FileSecureStore(directory: paths.secretsDirectory, logger: logger)
    let (auth, sessionKeeper) = makeAuth(
      configuration: configuration, flags: flags, secureStore: secureStore, clock: clock,
      logger: logger)

    let retry = RetryInterceptor(policy: RetryPolicy(random: environment.random))
    let headers = HeadersInterceptor(appVersion: KilnVersion.current)
    let providerHTTP = URLSessionHTTPClient(
      baseURL: nil, interceptors: [headers, retry], clock: clock, logger: logger)
    let proxyHTTP = URLSessionHTTPClient(
      baseURL: nil,
      interceptors: [
        headers, AuthInterceptor(tokenProvider: AuthTokenProvider(client: auth)), retry,
      ],
      clock: clock, logger: logger)
    let chatClient = LLMClientFactory.makeClient(
      configuration: ai, proxyHTTPClient: proxyHTTP, providerHTTPClient: providerHTTP,
      clock: clock, timeouts: replyTimeouts(configuration),
      limits: replyLimits(configuration), logger: logger)

    let payments = try makePayments(
      configuration: configuration, flags: flags, paths: paths, secureStore: secureStore,
      clock: clock, logger: logger, httpClient: providerHTTP,
      locale: Locale(identifier: language.code))

    return AppDependencies(
      configuration: configuration, paths: paths, flags: flags, logger: logger, clock: clock,
      uuid: uuid, language: language, ai: ai, chatClient: chatClient, store: store,
      secureStore: secureStore, auth: auth, sessionKeeper: sessionKeeper, payments: payments,
      instanceLock: InstanceLock(directory: paths.dataDirectory),
      freeTierPolicy: freeTierPolicy(configuration),
      chat: chatConfiguration(configuration, ai: ai), calendar: localCalendar())
  }

  /// The AI provider for `configuration`; a rejected value becomes a configuration issue.
  nonisolated public static func resolveAI(
    _ configuration: Configuration
  ) throws(ConfigurationError)
    -> AIConfiguration
  {
    do {
      return try AIConfiguration.resolve(configuration.usableValues)
    } catch {
      throw ConfigurationError(
        ConfigurationIssue(
          key: error.key, origin: configuration.entries[error.key]?.origin,
          problem: error.reason, fix: "correct \(error.key) or remove it"))
    }
  }

  nonisolated public static func freeTierPolicy(_ configuration: Configuration) -> FreeTierPolicy {
    let limit = configuration.positiveInteger(.freeMessageLimit) ?? kFreeMessageLimit
    let daily = configuration.value(.freeMessagePeriod)?.lowercased() == "day"
    return FreeTierPolicy(limit: limit, period: daily ? .daily : .lifetime)
  }

  /// How long a reply may take: 30 s to the response head, `KILN_STALL_TIMEOUT` (120 s)
  /// between bytes, `KILN_REPLY_TIMEOUT` (600 s) in all.
  nonisolated public static func replyTimeouts(_ configuration: Configuration) -> HTTPTimeouts {
    HTTPTimeouts(
      connect: HTTPTimeouts.standard.connect,
      idle: TimeInterval(configuration.positiveInteger(.stallTimeout) ?? 120),
      total: TimeInterval(configuration.positiveInteger(.replyTimeout) ?? 600))
  }

  /// How much of a reply is held: `KILN_MAX_LINE_BYTES` (1 MiB) per stream line and
  /// `KILN_MAX_REPLY_BYTES` (4 MiB) of text.
  nonisolated public static func replyLimits(_ configuration: Configuration) -> ChatStreamLimits {
    let standard = ChatStreamLimits.standard
    return ChatStreamLimits(
      maximumLineBytes: configuration.positiveInteger(.maximumLineBytes)
        ?? standard.maximumLineBytes,
      maximumReplyBytes: configuration.positiveInteger(.maximumReplyBytes)
        ?? standard.maximumReplyBytes)
  }

  static func chatConfiguration(
    _ configuration: Configuration, ai: AIConfiguration
  )
    -> ChatConfiguration
  {
    var chat = ChatConfiguration(model: ai.catalogue.defaultModel)
    if let budget = configuration.positiveInteger(.contextBudget) {
      chat.contextBudget = ContextBudget(promptTokens: budget)
    }
    if let bytes = configuration.positiveInteger(.maximumPromptBytes) {
      chat.maximumMessageBytes = bytes
    }
    return chat
  }

  private static func makeAuth(
    configuration: Configuration, flags: FeatureFlags, secureStore: any SecureStore,
    clock: AppClock, logger: AppLogger
  ) -> (any AuthClient, (any SessionKeeping)?) {
    if flags.usesMockServices { return (DevelopmentAuthClient(store: secureStore), nil) }
    guard let url = configuration.url(.supabaseURL),
      let key = configuration.value(.supabaseAnonKey)
    else { return (UnconfiguredAuthClient(), nil) }
    // GoTrue gets a client without auth or retry interceptors: the session manager retries
    // refreshes itself, and an auth interceptor would wait on its own refresh.
    let http = URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: KilnVersion.current)],
      clock: clock, logger: logger)
    let manager = SessionManager(
      config: AuthConfig(supabaseURL: url, supabaseAnonKey: key), httpClient: http,
      secureStore: secureStore, clock: clock, logger: logger)
    return (manager, manager)
  }

  /// The payments client. RevenueCat's offerings carry no prices and Linux has no store to
  /// ask, so the live client prices products from `KILN_PRODUCT_CATALOGUE` (formatted for the
  /// interface language) and offers the rest with the price shown at purchase.
  private static func makePayments(
    configuration: Configuration, flags: FeatureFlags, paths: KilnPaths,
    secureStore: any SecureStore, clock: AppClock, logger: AppLogger,
    httpClient: any HTTPClient, locale: Locale
  ) throws(ConfigurationError) -> any PaymentsClient {
    let catalogue = try ConfigurationValidator.productCatalogue(
      in: configuration, locale: locale)
    if flags.usesMockServices {
      // The mock, remembering purchases between runs as the mock account remembers sign-ins.
      return DevelopmentPaymentsClient(store: secureStore, clock: clock, logger: logger)
    }
    guard configuration.isSet(.revenueCatAPIKey) else { return UnavailablePaymentsClient() }
    return RevenueCatRESTClient(
      httpClient: httpClient, clock: clock,
      customerInfoStore: FileCustomerInfoStore(
        directory: paths.dataDirectory.appendingPathComponent("payments")),
      prices: catalogue, logger: logger)
  }

  /// The database, read-only when it cannot be written and the command only reads.
  private static func openDatabase(
    _ path: String, readsOnly: Bool, clock: AppClock, logger: AppLogger
  ) throws -> StorageDatabase {
    do {
      return try StorageDatabase(path: path, clock: clock, logger: logger)
    } catch StorageError.readOnly(let detail) where readsOnly {
      logger.notice("database cannot be written (\(detail)); reading it only", category: .storage)
      do {
        return try StorageDatabase(
          path: path, options: StorageDatabase.Options(isReadOnly: true), clock: clock,
          logger: logger)
      } catch {
        throw DataLocationError.database(path, error)
      }
    } catch {
      throw DataLocationError.database(path, error)
    }
  }

  private static func makeDirectory(_ url: URL) throws {
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  /// The user's calendar decides where a day of the daily free allowance begins; this is the
  /// one place that reads the machine's time zone.
  static func localCalendar() -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    return calendar
  }
}
