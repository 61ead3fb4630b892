import AI
import Auth
import Core
import FeatureChat
import FeatureRating
import Foundation
import Localization
import Networking
import Payments
import Storage
import Sync

/// Every service of the app, built once: what the terminal app and a SwiftUI app share.
///
/// `live(configuration:environment:)` opens the real database and talks to the configured
/// services; `preview()` keeps everything in memory with the echo model and mock services.
/// Nothing else in the app builds a live dependency.
@MainActor
public final class AppDependencies {
  /// The effective configuration.
  public let configuration: Configuration
  /// Where the files are (`nil` for previews, which keep nothing on disk).
  public let paths: KilnPaths?
  /// Switches decided by configuration and build type.
  public let flags: FeatureFlags
  /// The app's logger.
  public let logger: AppLogger
  /// Time for everything.
  public let clock: AppClock
  /// Identifiers (time-ordered).
  public let uuid: UUIDGenerator
  /// The interface language.
  public let language: Language
  /// Which AI provider answers, and the model catalogue.
  public let ai: AIConfiguration
  /// The AI client.
  public let chatClient: any ChatClient
  /// Conversations.
  public let conversations: any ConversationRepository
  /// Messages.
  public let messages: any MessageRepository
  /// Settings.
  public let settings: any SettingsRepository
  /// Memories.
  public let memories: any MemoryRepository
  /// Free-tier usage.
  public let usage: any UsageRepository
  /// Small preferences (theme, rating state).
  public let preferences: any KeyValueStore
  /// Secrets (the signed-in session).
  public let secureStore: any SecureStore
  /// Accounts: Supabase sessions, the development mock, or "not configured".
  public let auth: any AuthClient
  /// Subscriptions.
  public let payments: any PaymentsClient
  /// The free tier shared by every conversation.
  public let freeTier: FreeTierGate
  /// The chat tunables every conversation uses (model, context budget, message limit).
  public let chatConfiguration: ChatConfiguration
  /// One chat view model per conversation.
  public let sessions: ChatSessions
  /// The selected theme.
  public let themeManager: ThemeManager
  /// The rating prompt.
  public let rating: RatingClient
  /// Export and import.
  public let archiver: ChatArchiver
  /// Sync of conversations, messages and memories with the signed-in account.
  public let sync: SyncCoordinator

  let database: StorageDatabase?
  private let instanceLock: InstanceLock?
  /// The auth client's session keeping, when it keeps one (`SessionManager`); the mock and
  /// development clients have none.
  private let sessionKeeper: (any SessionKeeping)?
  /// Bookkeeping started by view-model callbacks (a purchase's rating event), finished
  /// before `shutdown()` closes the database.
  var pendingWork: [Task<Void, Never>] = []
  /// Whether `configurePayments()` has configured the payments client yet.
  private var paymentsConfigured = false

  init(
    configuration: Configuration, paths: KilnPaths?, flags: FeatureFlags, logger: AppLogger,
    clock: AppClock, uuid: UUIDGenerator, language: Language, ai: AIConfiguration,
    chatClient: any ChatClient, store: Repositories, secureStore: any SecureStore,
    auth: any AuthClient, sessionKeeper: (any SessionKeeping)?, payments: any PaymentsClient,
    instanceLock: InstanceLock?,
    freeTierPolicy: FreeTierPolicy, chat: ChatConfiguration,
    calendar: Calendar, random: RandomSource = .live, syncJournal: (any SyncJournal)? = nil,
    syncTransport: SyncTransport? = nil
  ) {
    self.configuration = configuration
    self.paths = paths
    self.flags = flags
    self.logger = logger
    self.clock = clock
    self.uuid = uuid
    self.language = language
    self.ai = ai
    self.chatClient = chatClient
    self.database = store.database
    self.conversations = store.conversations
    self.messages = store.messages
    self.settings = store.settings
    self.memories = store.memories
    self.usage = store.usage
    self.preferences = store.preferences
    self.secureStore = secureStore
    self.auth = auth
    self.sessionKeeper = sessionKeeper
    self.payments = payments
    self.instanceLock = instanceLock
    let provider = ChatProviderKind(ai.provider)
    freeTier = FreeTierGate(
      policy: freeTierPolicy, provider: provider,
      subscription: PaymentsStatusAdapter(paymentsClient: payments),
      usage: store.usage, clock: clock, calendar: calendar, logger: logger)
    chatConfiguration = chat
    let repositories = ChatRepositories(
      conversations: store.conversations, messages: store.messages, memories: store.memories)
    sessions = ChatSessions { [freeTier] conversationID in
      ChatViewModel(
        conversationID: conversationID, repositories: repositories, replies: chatClient,
        freeTier: freeTier, clock: clock, uuid: uuid, logger: logger, configuration: chat)
    }
    themeManager = ThemeManager(store: store.preferences)
    rating = RatingClient(
      storage: KeyValueRatingStorage(store: store.preferences), clock: clock, logger: logger)
    archiver = ChatArchiver(
      conversations: store.conversations, messages: store.messages, clock: clock)
    sync = SyncCoordinator(
      isEnabled: flags.chatSyncEnabled, journal: syncJournal, transport: syncTransport,
      statusStore: store.preferences, clock: clock, random: random, logger: logger,
      currentAccount: { await auth.currentUser().flatMap { UUID(uuidString: $0.id) } },
      usesMockAccounts: flags.usesMockServices)
  }

  /// Brings the services up: resumes the signed-in session, ties subscriptions to the user,
  /// turns sync on for the signed-in account when it is enabled (online runs), marks replies a crash left unfinished (only when no other Kiln process is running), and
  /// reads the free-tier count. Call once after building. Commands that only read and write
  /// local data pass `online: false`: they never wait on a token refresh, a subscription
  /// lookup or the free-tier count, none of which they use. Short runs that may need a token
  /// but not a session kept alive (one command, then exit) pass `keepsSessionAlive: false`:
  /// nothing is renewed unless a call needs a token, so a run that needs none starts no
  /// refresh at all.
  public func start(online: Bool = true, keepsSessionAlive: Bool = true) async {
    if online {
      if keepsSessionAlive { await sessionKeeper?.start() }
      await configurePayments()
    }
    if instanceLock?.acquire() ?? true {
      do {
        let count = try await messages.markInterruptedMessages()
        if count > 0 { logger.notice("marked \(count) interrupted replies", category: .storage) }
      } catch {
        logger.error("mark interrupted replies", error, category: .storage)
      }
    }
    if online {
      await freeTier.refresh()
      await sync.accountMayHaveChanged()
    }
  }

  /// Tells the payments client who the user is (RevenueCat's app user id is the account id).
  /// The first call configures the client; later ones (after signing in or out) only switch
  /// the user, since a payments client takes one configuration per process.
  public func configurePayments() async {
    let user = await auth.currentUser()
    if paymentsConfigured {
      await payments.changeAppUser(to: user?.id)
      return
    }
    paymentsConfigured = true
    let config = PaymentsConfig(
      apiKey: configuration.value(.revenueCatAPIKey) ?? "development",
      entitlementID: EntitlementID(
        rawValue: configuration.value(.revenueCatEntitlementID) ?? EntitlementID.pro.rawValue),
      appUserID: user?.id,
      baseURL: configuration.url(.revenueCatBaseURL) ?? PaymentsConfig.defaultBaseURL)
    await payments.configure(config)
  }

  /// Finishes the bookkeeping view-model callbacks started and any token refresh in flight
  /// (so rotated tokens are saved, never lost with the process), then closes the database;
  /// call once before the process exits.
  public func shutdown() async {
    await finishPendingWork()
    await sync.shutdown()
    await sessionKeeper?.shutdown()
    for id in sessions.openConversationIDs { await sessions.close(id) }
    await database?.close()
  }
}

extension ChatProviderKind {
  /// Echo and proxy are capped by the free tier; a direct provider (the user's own key) is not.
  init(_ provider: AIConfiguration.Provider) {
    switch provider {
    case .echo: self = .echo
    case .proxy: self = .proxy
    case .direct: self = .direct
    }
  }
}

/// FeatureChat's free tier asks the payments client whether the user subscribed; the
/// composition root joins the two (features never depend on Payments).
extension PaymentsStatusAdapter: SubscriptionStatusProviding {}
