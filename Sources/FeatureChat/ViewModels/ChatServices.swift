import AI
import Core
import Foundation
import Storage

/// The small types one conversation's `ChatViewModel` hands its jobs to, assembled from the
/// model's dependencies. The view model keeps what the screen shows; these keep storage,
/// paging, requests, replies, branches and follow-ups.
@MainActor
struct ChatServices {
  let conversations: any ConversationRepository
  let freeTier: FreeTierGate
  let logger: AppLogger
  let configuration: ChatConfiguration
  let store: ConversationMessages
  let pages: ConversationPages
  let requests: ReplyRequestBuilder
  let turn: ReplyTurn
  let followUps: SentMessageFollowUps
  let branches: ConversationBranches
  let transcript: ConversationTranscript
  let sizeLimit: MessageSizeLimit

  /// The services of the conversation `conversationID`, with `ChatViewModel.init`'s
  /// parameters.
  init(
    conversationID: UUID, repositories: ChatRepositories, replies: any ChatCompletionStreaming,
    freeTier: FreeTierGate, clock: AppClock, uuid: UUIDGenerator, logger: AppLogger,
    configuration: ChatConfiguration
  ) {
    conversations = repositories.conversations
    self.freeTier = freeTier
    self.logger = logger
    self.configuration = configuration
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
    transcript = ConversationTranscript(
      conversationID: conversationID, messages: repositories.messages)
    sizeLimit = MessageSizeLimit(maximumBytes: configuration.maximumMessageBytes)
  }
}
