import AI
import Core
import Foundation
import Storage

/// One request for a reply, from reserving a free message to the stored end of the reply.
///
/// The free message is given back whenever the turn ends before the server accepted the
/// request: blocked, stopped, or a message that could not be stored. The reply is stored
/// (status `streaming`) before the request leaves, and only as the next message after its
/// user message; `ReplyStreamer` streams it and stores how it ended.
@MainActor
struct ReplyTurn {
  /// How a turn ended, for the screen to show.
  struct Ending {
    /// What the action returns.
    var result: ReplyResult
    /// The conversation's state afterwards.
    var state: ChatState
    /// Whether nothing was stored for the user's text, so it goes back to the input.
    var returnsInput = false
    /// Whether the free tier refused the message: show the paywall.
    var isBlockedByFreeTier = false
    /// The reply that was streamed, when one was stored.
    var replyID: UUID?
    /// The reply as finally stored; `nil` when that write failed.
    var storedReply: MessageDTO?
  }

  /// What the screen does while the turn runs.
  struct Screen {
    /// The reply was stored and is about to stream; the newest message the screen shows is
    /// then this one.
    var replyStored: @MainActor (MessageDTO) -> Void
    /// Shows streamed text (content, reasoning) in the reply with the given id.
    var show: @MainActor @Sendable (UUID, String, String) -> Void
    /// The request for a reply to the user message within the budget.
    var request: @MainActor (MessageDTO, ContextBudget) async -> ChatCompletionRequest
    /// The creation date of the newest message shown.
    var newestShown: @MainActor () -> Date?
    /// The server says a subscription is needed.
    var requireSubscription: @MainActor () -> Void
  }

  let conversationID: UUID
  let freeTier: FreeTierGate
  let store: ConversationMessages
  let streamer: ReplyStreamer
  let budget: ContextBudget
  let logger: AppLogger

  /// Reserves a free message, stores or finds the user message with `prepare`, and streams
  /// the reply to it. `failure` names what `prepare` does, for the log.
  func run(
    _ failure: String, checksCancellation: Bool, screen: Screen,
    prepare: () async throws -> MessageDTO
  ) async -> Ending {
    guard let ticket = await freeTier.reserve() else {
      let error = AppError.freeQuotaExhausted(remaining: 0)
      return Ending(
        result: ReplyResult(conversationID: conversationID, error: error),
        state: .failed(ChatFailure(error)), returnsInput: true, isBlockedByFreeTier: true)
    }
    if checksCancellation, Task.isCancelled {
      await freeTier.release(ticket)
      return Ending(
        result: ReplyResult(conversationID: conversationID, error: .cancelled), state: .idle,
        returnsInput: true)
    }
    let user: MessageDTO
    do {
      user = try await prepare()
    } catch {
      var ending = await failedBeforeReply(ticket, logger.chatFailure(failure, error), user: nil)
      ending.returnsInput = true
      return ending
    }
    return await reply(to: user, ticket: ticket, screen: screen)
  }

  private func reply(
    to user: MessageDTO, ticket: FreeTierTicket, screen: Screen
  ) async
    -> Ending
  {
    var result = ReplyResult(conversationID: conversationID, userMessageID: user.id)
    guard !Task.isCancelled else {
      await freeTier.release(ticket)
      result.error = .cancelled
      return Ending(result: result, state: .idle)
    }
    let placeholder: MessageDTO
    do {
      // Only as the next message after `user`: a message another process added in between
      // would otherwise make this reply its sibling and fork the conversation.
      placeholder = try await store.appendReplyPlaceholder(
        to: user, newestShown: screen.newestShown())
    } catch {
      return await failedBeforeReply(
        ticket, logger.chatFailure("store a reply", error), user: user.id)
    }
    screen.replyStored(placeholder)
    result.replyMessageID = placeholder.id
    let outcome = await streamer.stream(
      into: placeholder, ticket: ticket, budget: budget,
      request: { budget in await screen.request(user, budget) },
      show: { [show = screen.show] content, reasoning in
        show(placeholder.id, content, reasoning)
      },
      requireSubscription: screen.requireSubscription)
    result.reply = outcome.reply
    result.error = outcome.error
    let state: ChatState =
      if let error = outcome.error, error != .cancelled {
        .failed(ChatFailure(error, messageID: placeholder.id))
      } else {
        .idle
      }
    return Ending(
      result: result, state: state, replyID: placeholder.id, storedReply: outcome.stored)
  }

  private func failedBeforeReply(
    _ ticket: FreeTierTicket, _ error: AppError, user: UUID?
  )
    async -> Ending
  {
    await freeTier.release(ticket)
    return Ending(
      result: ReplyResult(conversationID: conversationID, userMessageID: user, error: error),
      state: error == .cancelled ? .idle : .failed(ChatFailure(error)))
  }
}
