import Core
import FeatureChat
import FeatureRating
import Foundation
import Localization
import TerminalUI

/// How following a reply ended.
enum ReplyOutcome {
  /// The action ended; `nil` when it had nothing to do.
  case finished(ReplyResult?)
  /// The user sent the reply to the background (Esc); it keeps streaming there.
  case detached
}

extension InteractiveSession {
  /// Sends a message in the conversation on screen, making the conversation first if this
  /// is its first message.
  func send(_ text: String) async {
    if dependencies.freeTier.remaining == 0 {
      prefill = text
      showUpgradeHint()
      lastReplyFailed = true
      return
    }
    guard let chat = await currentOrNewChat() else { return }
    if chat.isSending { hint("Your message waits for the reply still arriving here.") }
    await followReply(in: chat) { await chat.send(text) }
  }

  /// Runs `action` (a send, retry, edit, regeneration) and shows its reply as it streams.
  /// Ctrl-C stops the reply; Esc leaves it streaming in the background.
  @discardableResult
  func followReply(
    in chat: ChatViewModel, attaching replyID: UUID? = nil,
    _ action: @escaping @MainActor () async -> ReplyResult?
  ) async -> ReplyOutcome {
    let view = ReplyView(
      io: io, theme: theme, spinnerLabel: "\(L10n.Chat.thinking)  (Esc: keep it in the background)"
    )
    view.start()
    let memoryBefore = chat.lastSavedMemory?.id
    let follower = ReplyFollower(chat: chat, attaching: replyID) { view.append($0) }
    let ticks = spinnerTicks(view)
    let race = OutcomeRace()
    let work = Task { @MainActor in await action() }
    Task { @MainActor in race.resolve(.finished(await work.value)) }
    io.beginReply(
      ReplyControl(
        stop: { chat.stopButtonTapped() }, detach: { race.resolve(.detached) },
        resize: { view.resize(width: $0.columns) }))
    let outcome = await race.wait()
    io.endReply()
    ticks?.cancel()
    switch outcome {
    case .finished(let result):
      view.append(follower.finish())
      view.finish()
      let newMemory = chat.lastSavedMemory.flatMap { $0.id == memoryBefore ? nil : $0 }
      await report(result, in: chat, shownText: view.hasText, newMemory: newMemory?.text)
    case .detached:
      follower.stop()
      view.finish()
      sendToBackground(chat, work: work)
    }
    return outcome
  }

  private func spinnerTicks(_ view: ReplyView) -> Task<Void, Never>? {
    guard io.isTerminal else { return nil }
    let clock = dependencies.clock
    return Task { @MainActor in
      for await tick in Spinner.ticks(clock: clock) {
        view.tick(tick)
      }
    }
  }

  private func report(
    _ result: ReplyResult?, in chat: ChatViewModel, shownText: Bool, newMemory: String?
  ) async {
    guard let result else { return }
    lastReplyFailed = !result.isCompleted
    switch result.error {
    case nil:
      if let newMemory { hint("\(L10n.Chat.memorySaved): \(newMemory) (/memory lists them)") }
    case .cancelled:
      hint(shownText ? "Stopped. The text so far is kept; /retry asks again." : "Stopped.")
    case .freeQuotaExhausted, .subscriptionRequired:
      if let text = chat.inputText.isEmpty ? nil : chat.inputText {
        prefill = text
        chat.inputText = ""
      }
      showUpgradeHint()
    case let error?:
      problem(error, reply: result.reply)
      if chat.canRetry { hint("Type /retry to try again.") }
    }
    showStatus(of: chat)
    if result.isCompleted { await maybeAskForRating() }
  }

  /// The one-line hint shown when the free messages are used up.
  func showUpgradeHint() {
    problem(L10n.Chat.freeLimitReachedMessage)
    hint("Type /upgrade to see the plans (or set OPENAI_API_KEY to use your own provider).")
  }

  /// The status line after a reply (terminal only).
  func showStatus(of chat: ChatViewModel) {
    guard io.isTerminal, let width = io.width else { return }
    io.write(status(of: chat).rendered(width: width, theme: theme, capabilities: io.capabilities))
    io.write("\n\n")
  }

  /// What the status line says about `chat`.
  func status(of chat: ChatViewModel) -> ChatStatus {
    let stored = conversation?.id == chat.conversationID ? conversation : chat.conversation
    return ChatStatus(
      title: stored?.title, model: chat.usage.lastModel ?? chat.model?.rawValue,
      persona: chat.persona.displayName, freeMessagesLeft: chat.freeMessagesRemaining,
      tokensUsed: chat.usage.totalTokens, plan: plan.planName)
  }

  /// After a good reply, the rating prompt decides whether one gentle line may show; it
  /// enforces its own limits (cooldown, yearly cap, first-run grace).
  private func maybeAskForRating() async {
    guard io.isTerminal else { return }
    await dependencies.rating.record(.goodReply)
    guard await dependencies.rating.promptIfEligible().shouldPrompt else { return }
    hint("Enjoying Kiln? A star or a kind word where you found it helps others find it too.")
  }

  private func sendToBackground(_ chat: ChatViewModel, work: Task<ReplyResult?, Never>) {
    let id = chat.conversationID
    let title = conversation?.id == id ? conversation?.title : chat.conversation?.title
    hint("The reply keeps arriving in the background; /open it again to see it.")
    backgroundReplies[id]?.cancel()
    backgroundReplies[id] = Task { @MainActor [weak self] in
      let result = await work.value
      guard let self, !Task.isCancelled else { return }
      self.backgroundReplies[id] = nil
      // The title as it is now: the conversation may have been renamed while it replied.
      let current = self.conversation?.id == id ? self.conversation?.title : nil
      let name = (current ?? title).map { "“\($0)”" } ?? "the other conversation"
      let outcome = result?.isCompleted == false ? "ended early" : "is complete"
      self.notices.append(
        StyledText(
          "The reply in \(name) \(outcome) (/open \(ConversationLookup.shortID(id))).",
          style: self.theme.dim)
      )
    }
  }
}

/// The first of two events to arrive: the reply ended, or the user detached it.
@MainActor
final class OutcomeRace {
  private var outcome: ReplyOutcome?
  private var waiter: CheckedContinuation<ReplyOutcome, Never>?

  func resolve(_ value: ReplyOutcome) {
    guard outcome == nil else { return }
    outcome = value
    waiter?.resume(returning: value)
    waiter = nil
  }

  func wait() async -> ReplyOutcome {
    if let outcome { return outcome }
    return await withCheckedContinuation { waiter = $0 }
  }
}
