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
  public enum LoadState: Sendable, Equatable {
    /// `load()` has not been called.
    case notLoaded
    /// Reading.
    case loading
    /// Read; `messages` holds the newest page.
    case loaded
    /// Reading failed.
    case failed(AppError)
  }

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
  public let paginator: InfinitePaginator<MessageDTO, MessageCursor>

  /// Called when the free tier blocks a message: show the paywall.
  @ObservationIgnored public var onRequireSubscription: @MainActor () -> Void = {}
  /// Called when the stored conversation changes here (a title derived from the first
  /// message), so a history list can update its row.
  @ObservationIgnored public var onConversationUpdated: @MainActor (ConversationDTO) -> Void = {
    _ in
  }

  @ObservationIgnored let environment: ChatEnvironment
  @ObservationIgnored var operationTail: Task<Void, Never>?
  @ObservationIgnored var activeReply: Task<ReplyResult?, Never>?
  @ObservationIgnored var newestTimestamp: Date?
  @ObservationIgnored var isClosed = false
  /// How many times streamed text was published to `messages` (coalesced updates).
  @ObservationIgnored public internal(set) var streamedTextUpdates = 0

  /// A model for the conversation `conversationID`; call `load()` before showing it.
  public init(conversationID: UUID, environment: ChatEnvironment) {
    self.conversationID = conversationID
    self.environment = environment
    self.model = environment.configuration.model
    self.paginator = InfinitePaginator(
      pageSize: environment.configuration.pageSize,
      prefetchThreshold: environment.configuration.prefetchThreshold)
  }

  /// The seed's flag: a message is being sent or a reply is arriving.
  public var isSending: Bool { state.isBusy }

  /// The persona of the conversation (the default one when it has none or an unknown id).
  public var persona: Persona {
    PersonaCatalogue.persona(rawID: conversation?.personaID) ?? PersonaCatalogue.defaultPersona
  }

  /// Free messages left, or `nil` when no cap applies (subscriber, direct provider).
  public var freeMessagesRemaining: Int? { environment.freeTier.remaining }

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
    while let tail = operationTail {
      await tail.value
      if operationTail == tail { break }
    }
  }

  // MARK: - Running actions in turn

  /// Runs `operation` after every action asked for before it, in a task this model owns
  /// (the caller's cancellation does not reach it), and returns its result.
  func perform<T: Sendable>(_ operation: @escaping @MainActor () async -> T) async -> T {
    let previous = operationTail
    let task = Task { @MainActor in
      await previous?.value
      return await operation()
    }
    operationTail = Task { @MainActor in _ = await task.value }
    return await task.value
  }

  /// Reads the conversation and the first page unless already loaded.
  func loadIfNeeded() async {
    switch loadState {
    case .loaded, .loading: return
    case .notLoaded, .failed: break
    }
    loadState = .loading
    do {
      conversation = try await environment.conversations.get(id: conversationID)
      guard conversation != nil else { throw AppError.notFound }
      try await reloadMessages()
      loadState = .loaded
      await environment.freeTier.refresh()
    } catch {
      loadState = .failed(log("load a conversation", error))
    }
  }

  /// Replaces the messages with the newest page of the active path and recounts usage.
  func reloadMessages() async throws {
    paginator.reset()
    messages = []
    let result = await paginator.loadNext(using: pageLoader)
    messages = try result.get().reversed().map(ChatMessage.init)
    let all = try await environment.messages.allMessages(conversationID: conversationID)
    usage = ConversationUsage(messages: all)
  }

  /// Loads pages of this conversation's active path for the paginator.
  var pageLoader:
    (MessageCursor?, Int) async throws ->
      InfinitePaginator<
        MessageDTO, MessageCursor
      >.Page
  {
    { [environment, conversationID] cursor, limit in
      try await environment.messages.page(
        conversationID: conversationID, before: cursor, limit: limit)
    }
  }

  /// A creation date later than every message of the conversation, in whole milliseconds
  /// (Storage's precision), so pages list messages in the order they were created even
  /// when the clock has not moved.
  func nextTimestamp() -> Date {
    let now = StorageTime.normalized(environment.clock.now())
    let newest = [newestTimestamp, messages.last?.createdAt].compactMap { $0 }.max()
    let date =
      newest.map { now > $0 ? now : StorageTime.normalized($0.addingTimeInterval(0.001)) } ?? now
    newestTimestamp = date
    return date
  }

  /// Maps `error` to an `AppError` and logs it with `action` (never message text).
  @discardableResult
  func log(_ action: String, _ error: any Error) -> AppError {
    let appError = AppError.from(error)
    if appError != .cancelled { environment.logger.error(action, error, category: .feature) }
    return appError
  }
}
