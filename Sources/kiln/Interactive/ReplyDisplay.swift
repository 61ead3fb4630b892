import AI
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

/// Shows replies as they stream, and what is left of them: the status line, the notices of
/// replies finished in the background, the failure of the last one, and the text to put back
/// at the prompt (an edit, a message the free tier turned away). Every handler that starts a
/// reply (a message, `/retry`, `/regen`, an edit, `/open` of a busy conversation) goes
/// through it.
@MainActor
final class ReplyDisplay {
  private let console: SessionConsole
  private let focus: SessionFocus
  private let plan: PlanReport
  private let clock: AppClock
  private let rating: RatingClient
  private let provider: AIConfiguration.Provider
  /// Text to start the next prompt with (an edit, a message the free tier turned away).
  var prefill: String?
  /// Whether the last reply failed (line mode's exit status).
  var lastReplyFailed = false
  /// One-line notices printed before the next prompt (replies finished in the background).
  private var notices: [StyledText] = []
  /// Conversations whose reply was sent to the background, with the task that reports it.
  private var backgroundReplies: [UUID: Task<Void, Never>] = [:]

  init(
    console: SessionConsole, focus: SessionFocus, plan: PlanReport, clock: AppClock,
    rating: RatingClient, provider: AIConfiguration.Provider
  ) {
    self.provider = provider
    self.console = console
    self.focus = focus
    self.plan = plan
    self.clock = clock
    self.rating = rating
  }

  /// The text for the next prompt, once.
  func takePrefill() -> String? {
    defer { prefill = nil }
    return prefill
  }

  /// Prints the notices gathered since the last prompt.
  func flushNotices() {
    for notice in notices { console.say(notice) }
    notices.removeAll()
  }

  /// Stops reporting the background reply of `id` (it is followed on screen again).
  func stopReportingInBackground(_ id: UUID) {
    backgroundReplies.removeValue(forKey: id)?.cancel()
  }

  /// Runs `action` (a send, retry, edit, regeneration) and shows its reply as it streams.
  /// Ctrl-C stops the reply; Esc leaves it streaming in the background.
  @discardableResult
  func followReply(
    in chat: ChatViewModel, attaching replyID: UUID? = nil,
    _ action: @escaping @MainActor () async -> ReplyResult?
  ) async -> ReplyOutcome {
    let view = ReplyView(
      io: console.io, theme: console.theme,
      spinnerLabel: "\(L10n.Chat.thinking)  \(L10n.Session.Replies.keepInBackground)"
    )
    view.start()
    let memoryBefore = chat.lastSavedMemory?.id
    let follower = ReplyFollower(chat: chat, attaching: replyID) { view.append($0) }
    let ticks = spinnerTicks(view)
    let race = OutcomeRace()
    let work = Task { @MainActor in await action() }
    Task { @MainActor in race.resolve(.finished(await work.value)) }
    console.io.beginReply(
      ReplyControl(
        stop: { chat.stopButtonTapped() }, detach: { race.resolve(.detached) },
        resize: { view.resize(width: $0.columns) }))
    let outcome = await race.wait()
    console.io.endReply()
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
    guard console.io.isTerminal else { return nil }
    let clock = clock
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
      if let newMemory {
        console.hint("\(L10n.Chat.memorySaved): \(newMemory) \(L10n.Session.Replies.memoryListed)")
      }
    case .cancelled:
      console.hint(shownText ? L10n.Session.Replies.stoppedKept : L10n.Session.Replies.stopped)
    case .freeQuotaExhausted, .subscriptionRequired:
      if let text = chat.composer.text.isEmpty ? nil : chat.composer.text {
        prefill = text
        chat.composer.text = ""
      }
      showUpgradeHint()
    case let error?:
      console.problem(error, reply: result.reply)
      if let remedy = ProblemRemedy.sentence(for: error, provider: provider) {
        console.hint(remedy)
      }
      if chat.canRetry, ProblemRemedy.retryCanHelp(error) {
        console.hint(L10n.Session.Replies.typeRetry)
      }
    }
    showStatus(of: chat)
    if result.isCompleted { await maybeAskForRating() }
  }

  /// The one-line hint shown when the free messages are used up.
  func showUpgradeHint() {
    console.problem(L10n.Chat.freeLimitReachedMessage)
    console.hint(L10n.Session.Replies.upgradeOrOwnKey)
  }

  /// The status line after a reply (terminal only).
  func showStatus(of chat: ChatViewModel) {
    guard console.io.isTerminal, let width = console.io.width else { return }
    console.io.write(
      status(of: chat).rendered(
        width: width, theme: console.theme, capabilities: console.io.capabilities))
    console.io.write("\n\n")
  }

  /// What the status line says about `chat`.
  func status(of chat: ChatViewModel) -> ChatStatus {
    let stored =
      focus.conversation?.id == chat.conversationID ? focus.conversation : chat.conversation
    return ChatStatus(
      title: stored?.title, model: chat.usage.lastModel ?? chat.model?.rawValue,
      persona: chat.persona.shownName, freeMessagesLeft: chat.freeMessagesRemaining,
      tokensUsed: chat.usage.totalTokens, plan: plan.planName)
  }

  /// After a good reply, the rating prompt decides whether one gentle line may show; it
  /// enforces its own limits (cooldown, yearly cap, first-run grace).
  private func maybeAskForRating() async {
    guard console.io.isTerminal else { return }
    await rating.record(.goodReply)
    guard await rating.promptIfEligible().shouldPrompt else { return }
    console.hint(L10n.Session.Replies.enjoyingKiln)
  }

  private func sendToBackground(_ chat: ChatViewModel, work: Task<ReplyResult?, Never>) {
    let id = chat.conversationID
    let title = focus.conversation?.id == id ? focus.conversation?.title : chat.conversation?.title
    console.hint(L10n.Session.Replies.keepsArrivingInBackground)
    backgroundReplies[id]?.cancel()
    backgroundReplies[id] = Task { @MainActor [weak self] in
      let result = await work.value
      guard let self, !Task.isCancelled else { return }
      self.backgroundReplies[id] = nil
      // The title as it is now: the conversation may have been renamed while it replied.
      let current = self.focus.conversation?.id == id ? self.focus.conversation?.title : nil
      let name = (current ?? title).map { "“\($0)”" } ?? L10n.Session.Replies.theOtherConversation
      let shortID = ConversationLookup.shortID(id)
      self.notices.append(
        StyledText(
          result?.isCompleted == false
            ? L10n.Session.Replies.replyEndedEarly(name, shortID)
            : L10n.Session.Replies.replyComplete(name, shortID),
          style: self.console.theme.dim)
      )
    }
  }

  /// One stored message as the chat shows it: yours after the prompt sign, replies as
  /// Markdown, with a note when a reply was stopped or failed.
  func showMessage(_ message: ChatMessage) {
    switch message.role {
    case .user:
      console.io.write(
        (StyledText("› ", style: console.theme.prompt) + StyledText(message.text))
          .rendered(for: console.io.capabilities) + "\n")
    case .assistant:
      console.io.write(console.render(markdown: message.text))
      if message.status == .cancelled {
        console.hint(L10n.Session.Replies.markStopped)
      } else if message.status == .failed {
        console.hint(
          message.errorCode.map { L10n.Session.Replies.markFailedCode($0) }
            ?? L10n.Session.Replies.markFailed)
      }
    default:
      return
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
