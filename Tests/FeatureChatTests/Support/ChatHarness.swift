import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import Synchronization
import TestSupport
import Testing

/// Which repositories a test runs against.
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case sqlite

  var testDescription: String { rawValue }
}

/// A subscription the test can switch on and off.
final class SwitchableSubscription: SubscriptionStatusProviding {
  private let value: Mutex<Bool>

  init(_ isSubscribed: Bool) { value = Mutex(isSubscribed) }

  func set(_ isSubscribed: Bool) { value.withLock { $0 = isSubscribed } }

  func isSubscribed() async -> Bool { value.withLock { $0 } }
}

/// Repositories (in memory or a temporary SQLite file), a scripted client (or a real one
/// passed as `streaming`), a free-tier gate and sessions, on a manual clock with counting
/// ids.
@MainActor
final class ChatHarness {
  let clock = ManualClock()
  let uuid = UUIDGenerator.incrementing(from: 1)
  let conversations: any ConversationRepository
  let messages: any MessageRepository
  /// The fault injector around `messages`, when the harness was made with one.
  let faults: FaultyMessageRepository?
  let memories: any MemoryRepository
  let usage: any UsageRepository
  let client: ScriptedChatClient
  let subscription: SwitchableSubscription
  let freeTier: FreeTierGate
  let repositories: ChatRepositories
  /// What answers: the scripted client, or the real one passed as `streaming`.
  let replies: any ChatCompletionStreaming
  let configuration: ChatConfiguration
  let sessions: ChatSessions
  /// How many times the paywall was asked for.
  private(set) var paywallRequests = 0
  private let database: StorageDatabase?
  private let directory: URL?

  private init(
    storage: StorageKind, client: ScriptedChatClient, provider: ChatProviderKind,
    subscribed: Bool, policy: FreeTierPolicy, configuration: ChatConfiguration,
    usage sharedUsage: (any UsageRepository)?, faulty: Bool,
    streaming: (any ChatCompletionStreaming)?
  ) throws {
    let appClock = clock.appClock
    let stored: any MessageRepository
    switch storage {
    case .inMemory:
      let store = InMemoryChatStore(clock: appClock, uuid: uuid)
      conversations = store
      stored = store
      memories = InMemoryMemoryRepository(clock: appClock, uuid: uuid)
      usage = sharedUsage ?? InMemoryUsageRepository()
      database = nil
      directory = nil
    case .sqlite:
      let folder = try makeTemporaryDirectory()
      let database = try StorageDatabase(
        path: folder.appendingPathComponent("kiln.sqlite").path, clock: appClock)
      conversations = SQLiteConversationRepository(database: database, clock: appClock, uuid: uuid)
      stored = SQLiteMessageRepository(database: database)
      memories = SQLiteMemoryRepository(database: database, clock: appClock, uuid: uuid)
      usage = sharedUsage ?? SQLiteUsageRepository(database: database)
      self.database = database
      directory = folder
    }
    faults = faulty ? FaultyMessageRepository(stored) : nil
    messages = faults ?? stored
    self.client = client
    subscription = SwitchableSubscription(subscribed)
    freeTier = FreeTierGate(
      policy: policy, provider: provider, subscription: subscription, usage: usage,
      clock: appClock, calendar: .utcTest)
    let repositories = ChatRepositories(
      conversations: conversations, messages: messages, memories: memories)
    let replies = streaming ?? client
    let (freeTier, uuid) = (freeTier, uuid)
    self.repositories = repositories
    self.replies = replies
    self.configuration = configuration
    sessions = ChatSessions { conversationID in
      ChatViewModel(
        conversationID: conversationID, repositories: repositories, replies: replies,
        freeTier: freeTier, clock: appClock, uuid: uuid, configuration: configuration)
    }
    sessions.onRequireSubscription = { [unowned self] in paywallRequests += 1 }
  }

  /// Runs `body` with a fresh harness and cleans up after it. A script of `client` that no
  /// request used, or a fault no append reached, fails the test.
  static func run(
    storage: StorageKind = .inMemory, client: ScriptedChatClient = .echoing(),
    provider: ChatProviderKind = .echo, subscribed: Bool = false,
    policy: FreeTierPolicy = .standard, configuration: ChatConfiguration = ChatConfiguration(),
    usage: (any UsageRepository)? = nil, faulty: Bool = false,
    streaming: (any ChatCompletionStreaming)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (ChatHarness) async throws -> Void
  ) async throws {
    let harness = try ChatHarness(
      storage: storage, client: client, provider: provider, subscribed: subscribed,
      policy: policy, configuration: configuration, usage: usage, faulty: faulty,
      streaming: streaming)
    do {
      try await body(harness)
    } catch {
      await harness.close()
      throw error
    }
    await harness.close()
    client.verifyAllUsed(sourceLocation: sourceLocation)
    harness.faults?.verifyAllUsed(sourceLocation: sourceLocation)
  }

  private func close() async {
    await database?.close()
    if let directory {
      do {
        try FileManager.default.removeItem(at: directory)
      } catch {
        Issue.record("could not remove \(directory.path): \(error)")
      }
    }
  }

  /// A stored conversation, "New Chat" by default.
  func newConversation(
    persona: Persona = PersonaCatalogue.defaultPersona, title: String = L10n.Chat.defaultTitle
  ) async throws -> ConversationDTO {
    try await conversations.create(
      title: title, personaName: persona.displayName, personaID: persona.id.rawValue)
  }

  /// The loaded model of a new conversation.
  func openChat(persona: Persona = PersonaCatalogue.defaultPersona) async throws -> ChatViewModel {
    let conversation = try await newConversation(persona: persona)
    let model = sessions.viewModel(for: conversation.id)
    await model.load()
    try #require(model.loadState == .loaded)
    return model
  }

  /// The stored active path of a conversation, oldest first.
  func path(_ conversationID: UUID) async throws -> [MessageDTO] {
    var collected: [MessageDTO] = []
    var cursor: MessageCursor?
    repeat {
      let page = try await messages.page(conversationID: conversationID, before: cursor, limit: 100)
      collected += page.items
      cursor = page.next
    } while cursor != nil
    return collected.reversed()
  }

  /// Stores a finished exchange (a user message and its reply) directly.
  @discardableResult
  func storeExchange(
    in conversationID: UUID, user: String, reply: String, at date: Date
  ) async throws -> (user: MessageDTO, reply: MessageDTO) {
    let question = try await messages.append(
      MessageDTO(
        id: uuid(), conversationID: conversationID, role: .user, text: user, createdAt: date))
    let answer = try await messages.append(
      MessageDTO(
        id: uuid(), conversationID: conversationID, parentID: question.id, role: .assistant,
        text: reply, createdAt: date.addingTimeInterval(0.001)))
    return (question, answer)
  }
}
