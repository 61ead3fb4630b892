import AI
import Core
import Foundation
import Localization
import Observation
import Storage

/// One conversation's screen: messages, composer, streaming replies, paging, and the actions
/// a user takes. A SwiftUI view and the `kiln` terminal app drive the same model.
///
/// The conversation id never changes and each reply runs in a task the model owns, so
/// switching screens or cancelling a caller never moves or stops a reply; only
/// `stopButtonTapped()` and `close()` do. Actions that change the conversation run one at a
/// time in the order asked: a message sent while a reply streams waits in `queuedMessages`.
@MainActor @Observable
public final class ChatViewModel {
  /// Whether the conversation has been read from storage.
  public typealias LoadState = ChatLoadState

  /// The conversation this model belongs to; never changes.
  public let conversationID: UUID
  /// The message being written; `sendButtonTapped()` sends it.
  public let composer = ChatComposer()
  /// The stored conversation (title, persona), once loaded.
  public internal(set) var conversation: ConversationDTO?
  /// The loaded messages of the active branch, oldest first; a streaming reply grows.
  public internal(set) var messages: [ChatMessage] = []
  /// What the conversation is doing.
  public internal(set) var state: ChatState = .idle
  /// Whether the conversation has been read.
  public internal(set) var loadState: LoadState = .notLoaded
  /// Messages sent while another action ran, waiting for their turn, oldest first.
  public internal(set) var queuedMessages: [String] = []
  /// Tokens spent in this conversation and the models that answered.
  public internal(set) var usage = ConversationUsage()
  /// How the last request for a reply ended.
  public internal(set) var lastReply: ReplyResult?
  /// The memory the last "remember that …" message added, for a "Memory saved" notice.
  public internal(set) var lastSavedMemory: MemoryDTO?
  /// The model to ask for (`/model`); `nil` uses the configured default.
  public var model: ModelID?
  /// A system prompt replacing the persona's (`kiln ask -s`) for direct providers only (the
  /// proxy applies the persona's prompt itself); never stored.
  public var systemPromptOverride: String?
  /// Sampling options for this model's requests (`kiln ask -o`); never stored.
  public var requestOptions = ChatRequestOptions()
  /// Loads older messages page by page.
  public var paginator: InfinitePaginator<MessageDTO, MessageCursor> { services.pages.paginator }

  /// Called when the free tier blocks a message: show the paywall.
  @ObservationIgnored public var onRequireSubscription: @MainActor () -> Void = {}
  /// Called when the stored conversation changes here (a title from the first message).
  @ObservationIgnored
  public var onConversationUpdated: @MainActor (ConversationDTO) -> Void = { _ in }
  /// How many times streamed text was published to `messages` (coalesced updates).
  @ObservationIgnored public internal(set) var streamedTextUpdates = 0

  @ObservationIgnored let services: ChatServices
  @ObservationIgnored let actions = SerialActions()
  @ObservationIgnored let runningReply = RunningReply()

  /// A model for the conversation `conversationID`; call `load()` before showing it. `logger`
  /// gets failures, never message text.
  public init(
    conversationID: UUID, repositories: ChatRepositories, replies: any ChatCompletionStreaming,
    freeTier: FreeTierGate, clock: AppClock, uuid: UUIDGenerator, logger: AppLogger = .disabled,
    configuration: ChatConfiguration = ChatConfiguration()
  ) {
    self.conversationID = conversationID
    model = configuration.model
    services = ChatServices(
      conversationID: conversationID, repositories: repositories, replies: replies,
      freeTier: freeTier, clock: clock, uuid: uuid, logger: logger, configuration: configuration)
  }

  /// The seed's flag: a message is being sent or a reply is arriving.
  public var isSending: Bool { state.isBusy }

  /// The conversation's persona (the default one for none or an unknown id).
  public var persona: Persona {
    PersonaCatalogue.persona(rawID: conversation?.personaID) ?? PersonaCatalogue.defaultPersona
  }

  /// Free messages left, or `nil` when no cap applies (subscriber, direct provider).
  public var freeMessagesRemaining: Int? { services.freeTier.remaining }

  /// The localized "N messages remaining" line, or `nil` when no cap applies.
  public var freeMessagesRemainingText: String? {
    freeMessagesRemaining.map(L10n.Chat.messagesRemaining)
  }

  /// Whether `retryButtonTapped()` has something to do: the newest message is a failed or
  /// stopped reply, or a user message without one.
  public var canRetry: Bool {
    guard !state.isBusy, let last = messages.last else { return false }
    return last.isRetryableReply || last.role == .user
  }

  /// Reads the conversation, its newest page and its usage, once, in turn with other actions.
  public func load() async {
    await actions.perform { await self.loadIfNeeded() }
  }

  /// Stops the reply, keeping its text as `cancelled`; queued messages are still sent.
  public func stopButtonTapped() {
    runningReply.stop()
  }

  /// Stops the reply and drops queued messages: the conversation is going away.
  public func close() {
    queuedMessages.removeAll()
    runningReply.close()
  }

  /// Waits until every action asked for so far has finished.
  public func waitUntilIdle() async {
    await actions.waitUntilIdle()
  }

  /// Reads the conversation and the first page unless already loaded.
  func loadIfNeeded() async {
    switch loadState {
    case .loaded, .loading: return
    case .notLoaded, .failed: break
    }
    loadState = .loading
    do {
      conversation = try await services.conversations.get(id: conversationID)
      guard conversation != nil else { throw AppError.notFound }
      try await reloadMessages()
      loadState = .loaded
      await services.freeTier.refresh()
    } catch {
      loadState = .failed(log("load a conversation", error))
    }
  }

  /// Replaces the messages with the newest page of the active path and recounts usage.
  func reloadMessages() async throws {
    messages = []
    messages = try await services.pages.newestPage()
    usage = try await services.store.usage()
  }

  /// Maps `error` to an `AppError` and logs it with `action` (never message text).
  @discardableResult
  func log(_ action: String, _ error: any Error) -> AppError {
    services.logger.chatFailure(action, error)
  }
}
