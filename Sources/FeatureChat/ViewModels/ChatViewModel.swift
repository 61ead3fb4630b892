import AI
import Core
import Foundation
import Localization
import Observation
import Storage

/// One conversation's screen: messages, input, streaming replies, paging, and the actions a
/// user takes. A SwiftUI view and the `kiln` terminal app drive the same model.
///
/// A reply always lands in this model's conversation: the conversation id is fixed at
/// creation and each reply runs in a task the model owns, not in the caller's task, so a
/// screen that switches conversations (or a caller that is cancelled) never moves or stops
/// it. Only `stopButtonTapped()` or `close()` stops a reply. Several models (one per
/// conversation, kept by `ChatSessions`) stream at the same time independently.
///
/// Actions that change the conversation (send, retry, regenerate, edit, delete, switching
/// branches) run one at a time in the order they were asked for: a message sent while a
/// reply streams waits in `queuedMessages` and is sent when that reply ends, so no message
/// is lost and every reply answers the turn before it.
@MainActor @Observable
public final class ChatViewModel {
  /// Whether the conversation has been read from storage.
  public typealias LoadState = ChatLoadState

  /// The conversation this model belongs to; never changes.
  public let conversationID: UUID
  /// The stored conversation (title, persona), once loaded.
  public internal(set) var conversation: ConversationDTO?
  /// The text being typed.
  public var inputText = ""
  /// The user message being edited, set by `editButtonTapped(messageID:)`; the next
  /// `sendButtonTapped()` sends the edit.
  public internal(set) var editingMessageID: UUID?
  /// The loaded messages of the active branch, oldest first; the newest reply grows while
  /// it streams.
  public internal(set) var messages: [ChatMessage] = []
  /// What the conversation is doing.
  public internal(set) var state: ChatState = .idle
  /// Whether the conversation has been read.
  public internal(set) var loadState: LoadState = .notLoaded
  /// Messages sent while a reply was streaming, waiting for their turn, oldest first.
  public internal(set) var queuedMessages: [String] = []
  /// Tokens spent in this conversation and the models that answered.
  public internal(set) var usage = ConversationUsage()
  /// How the last request for a reply ended.
  public internal(set) var lastReply: ReplyResult?
  /// The memory added by the last "remember that …" message, for a "Memory saved" notice.
  public internal(set) var lastSavedMemory: MemoryDTO?
  /// The model to ask for; `nil` uses the configured default. `/model` changes it.
  public var model: ModelID?
  /// A system prompt that replaces the persona's for the requests this model makes
  /// (`kiln ask -s`); never stored. Only direct providers receive it: the proxy applies the
  /// persona's prompt itself, so the app refuses it there.
  public var systemPromptOverride: String?
  /// Sampling options for the requests this model makes (`kiln ask -o`); never stored.
  public var requestOptions = ChatRequestOptions()
  /// Loads older messages page by page.
  public var paginator: InfinitePaginator<MessageDTO, MessageCursor> { pages.paginator }

  /// Called when the free tier blocks a message: show the paywall.
  @ObservationIgnored public var onRequireSubscription: @MainActor () -> Void = {}
  /// Called when the stored conversation changes here (a title derived from the first
  /// message), so a history list can update its row.
  @ObservationIgnored public var onConversationUpdated: @MainActor (ConversationDTO) -> Void = {
    _ in
  }

  @ObservationIgnored let conversations: any ConversationRepository
  @ObservationIgnored let freeTier: FreeTierGate
  @ObservationIgnored let logger: AppLogger
  @ObservationIgnored let configuration: ChatConfiguration
  @ObservationIgnored let store: ConversationMessages
  @ObservationIgnored let pages: ConversationPages
  @ObservationIgnored let requests: ReplyRequestBuilder
  @ObservationIgnored let turn: ReplyTurn
  @ObservationIgnored let followUps: SentMessageFollowUps
  @ObservationIgnored let branches: ConversationBranches
  @ObservationIgnored let actions = SerialActions()
  @ObservationIgnored var activeReply: Task<ReplyResult?, Never>?
  @ObservationIgnored var isClosed = false
  /// How many times streamed text was published to `messages` (coalesced updates).
  @ObservationIgnored public internal(set) var streamedTextUpdates = 0

  /// A model for the conversation `conversationID`; call `load()` before showing it.
  /// - Parameters:
  ///   - repositories: where the conversation, its messages and the memories are stored.
  ///   - replies: answers the messages.
  ///   - freeTier: the free tier every conversation shares.
  ///   - clock: dates messages and paces the streaming writer and the text updates.
  ///   - uuid: identifies new messages.
  ///   - logger: receives failures (never message text).
  public init(
    conversationID: UUID, repositories: ChatRepositories, replies: any ChatCompletionStreaming,
    freeTier: FreeTierGate, clock: AppClock, uuid: UUIDGenerator, logger: AppLogger = .disabled,
    configuration: ChatConfiguration = ChatConfiguration()
  ) {
    self.conversationID = conversationID
    self.conversations = repositories.conversations
    self.freeTier = freeTier
    self.logger = logger
    self.configuration = configuration
    self.model = configuration.model
    store = ConversationMessages(
      conversationID: conversationID, repository: repositories.messages, clock: clock, uuid: uuid)
    pages = ConversationPages(
      conversationID: conversationID, messages: repositories.messages,
      pageSize: configuration.pageSize, prefetchThreshold: configuration.prefetchThreshold)
    requests = ReplyRequestBuilder(
      conversationID: conversationID, messages: repositories.messages,
      memories: repositories.memories, pageSize: configuration.pageSize, logger: logger)
    turn = ReplyTurn(
      conversationID: conversationID, freeTier: freeTier, store: store,
      streamer: ReplyStreamer(
        client: replies, messages: repositories.messages, freeTier: freeTier, clock: clock,
        logger: logger, persistInterval: configuration.persistInterval,
        maxUpdatesPerSecond: configuration.maxUpdatesPerSecond),
      budget: configuration.contextBudget, logger: logger)
    branches = ConversationBranches(messages: repositories.messages, logger: logger)
    followUps = SentMessageFollowUps(
      conversations: repositories.conversations, memories: repositories.memories,
      extractsMemories: configuration.extractsMemories, logger: logger)
  }

  /// The seed's flag: a message is being sent or a reply is arriving.
  public var isSending: Bool { state.isBusy }

  /// The persona of the conversation (the default one when it has none or an unknown id).
  public var persona: Persona {
    PersonaCatalogue.persona(rawID: conversation?.personaID) ?? PersonaCatalogue.defaultPersona
  }

  /// Free messages left, or `nil` when no cap applies (subscriber, direct provider).
  public var freeMessagesRemaining: Int? { freeTier.remaining }

  /// The localized "N messages remaining" line, or `nil` when no cap applies.
  public var freeMessagesRemainingText: String? {
    freeMessagesRemaining.map(L10n.Chat.messagesRemaining)
  }

  /// Whether `retryButtonTapped()` has something to retry: the newest message is a failed
  /// or stopped reply, or a user message that has no reply.
  public var canRetry: Bool {
    guard !state.isBusy, let last = messages.last else { return false }
    return last.isRetryableReply || last.role == .user
  }

  /// Reads the conversation, its newest page of messages and its usage. Safe to call again
  /// (it does nothing once loaded); runs in turn with other actions.
  public func load() async {
    await perform { await self.loadIfNeeded() }
  }

  /// Stops the reply being generated; its text so far is kept with status `cancelled`.
  /// Queued messages are still sent afterwards.
  public func stopButtonTapped() {
    activeReply?.cancel()
  }

  /// Stops the reply and drops queued messages: the conversation is going away.
  public func close() {
    isClosed = true
    queuedMessages.removeAll()
    activeReply?.cancel()
  }

  /// Waits until every action asked for so far has finished.
  public func waitUntilIdle() async {
    await actions.waitUntilIdle()
  }

  /// Runs `operation` after every action asked for before it, in a task this model owns
  /// (the caller's cancellation does not reach it), and returns its result.
  func perform<T: Sendable>(_ operation: @escaping @MainActor () async -> T) async -> T {
    await actions.perform(operation)
  }

  /// Reads the conversation and the first page unless already loaded.
  func loadIfNeeded() async {
    switch loadState {
    case .loaded, .loading: return
    case .notLoaded, .failed: break
    }
    loadState = .loading
    do {
      conversation = try await conversations.get(id: conversationID)
      guard conversation != nil else { throw AppError.notFound }
      try await reloadMessages()
      loadState = .loaded
      await freeTier.refresh()
    } catch {
      loadState = .failed(log("load a conversation", error))
    }
  }

  /// Replaces the messages with the newest page of the active path and recounts usage.
  func reloadMessages() async throws {
    messages = []
    messages = try await pages.newestPage()
    usage = try await store.usage()
  }

  /// A creation date later than every message of the conversation.
  func nextTimestamp() -> Date {
    store.nextTimestamp(newestShown: messages.last?.createdAt)
  }

  /// Maps `error` to an `AppError` and logs it with `action` (never message text).
  @discardableResult
  func log(_ action: String, _ error: any Error) -> AppError {
    logger.chatFailure(action, error)
  }
}
