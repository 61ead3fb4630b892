import AI
import AppComposition
import Core
import FeatureChat
import FeatureSettings
import Foundation
import Localization
import Storage
import TerminalUI

/// The chat in the terminal (or in line mode over pipes), driven by the same view models a
/// SwiftUI app uses.
///
/// The session is the loop: it reads one line at a time, sends a message or offers a slash
/// command to its handlers (one per capability, in `Handlers/`; `docs/ARCHITECTURE.md` lists
/// which owns which command), and keeps only what is the loop's own: Ctrl-C, `/open`,
/// `/quit`, the welcome and the prompt history. A conversation is made only when the first
/// message is sent, so opening and quitting leaves nothing behind.
@MainActor
final class InteractiveSession {
  let dependencies: AppDependencies
  let historyFile: InputHistoryFile?
  /// Where every handler writes, in the theme in use.
  let console: SessionConsole
  /// The conversation on screen, the next persona and model, and the last list.
  let focus: SessionFocus
  /// The command handlers the loop offers each slash command to, in order.
  let handlers: [any SlashCommandHandler]
  /// Replies as they stream, the status line, and what the next prompt starts with.
  let replies: ReplyDisplay
  /// Whether Ctrl-C was pressed once on an empty line.
  var quitArmed = false
  /// Set by `/quit`.
  var isQuitting = false
  /// Whether the persona and model came from the command line, which wins over the
  /// persona and model saved in the settings.
  let personaWasChosen: Bool
  let modelWasChosen: Bool

  /// The plan, as the welcome, the status line and `/whoami` show it.
  let plan: PlanReport
  /// `/settings` and `/theme`, and the saved settings read at the start.
  let settingsHandler: SettingsHandler
  let syncHandler: SyncHandler
  /// The conversation list, which also finds the conversation a command names.
  let conversationsHandler: ConversationsHandler

  /// A chat session. `persona` and `model` are what the command line chose; without them the
  /// session uses the ones saved in the settings (or the defaults). `scrubber` is the one the
  /// command already built for this configuration; without it the session builds its own.
  init(
    dependencies: AppDependencies, io: any SessionIO, historyFile: InputHistoryFile?,
    environment: [String: String], persona: Persona? = nil, model: ModelID? = nil,
    scrubber: SecretScrubber? = nil
  ) {
    self.dependencies = dependencies
    self.historyFile = historyFile
    console = SessionConsole(
      io: io, scrubber: scrubber ?? SecretScrubber(configuration: dependencies.configuration),
      environment: environment, selectedTheme: dependencies.themeManager.selected)
    focus = SessionFocus(
      persona: persona ?? PersonaCatalogue.defaultPersona, model: model,
      defaultModel: dependencies.ai.catalogue.defaultModel)
    personaWasChosen = persona != nil
    modelWasChosen = model != nil
    let conversationsHandler = ConversationsHandler(
      console: console, focus: focus,
      history: ChatHistoryViewModel(
        conversations: dependencies.conversations, messages: dependencies.messages,
        sessions: dependencies.sessions, clock: dependencies.clock, logger: dependencies.logger),
      conversations: dependencies.conversations, sessions: dependencies.sessions)
    self.conversationsHandler = conversationsHandler
    let memories = MemoriesViewModel(
      repository: dependencies.memories, logger: dependencies.logger)
    let screen = SettingsScreen(
      console: console, themeManager: dependencies.themeManager,
      makeModel: { dependencies.makeSettingsViewModel(onRequireSubscription: $0) })
    let plan = PlanReport(
      console: console, payments: dependencies.payments, freeTier: dependencies.freeTier)
    // After a sign-in, sign-out, purchase or restore: the payments client learns who the
    // user is, and the free tier and the settings (premium themes) see the new state.
    let subscriptionMayHaveChanged: @MainActor () async -> Void = {
      await dependencies.sync.accountMayHaveChanged()
      await dependencies.configurePayments()
      await dependencies.freeTier.refresh()
      await screen.load()
      screen.repaint()
    }
    let paywall = PaywallHandler(
      console: console, plan: plan,
      makePaywall: { dependencies.makePaywallViewModel(placement: $0) },
      subscriptionMayHaveChanged: subscriptionMayHaveChanged)
    let settingsHandler = SettingsHandler(
      console: console, screen: screen, focus: focus, ai: dependencies.ai, plan: plan,
      paywall: paywall)
    self.plan = plan
    replies = ReplyDisplay(
      console: console, focus: focus, plan: plan, clock: dependencies.clock,
      rating: dependencies.rating, provider: dependencies.ai.provider)
    self.settingsHandler = settingsHandler
    let syncHandler = SyncHandler(console: console, sync: dependencies.sync)
    self.syncHandler = syncHandler
    handlers = [
      conversationsHandler,
      AssistantHandler(
        console: console, focus: focus, ai: dependencies.ai, memories: memories,
        providerModels: ProviderModels.of(dependencies.ai.provider, clock: dependencies.clock)),
      settingsHandler,
      paywall,
      AccountHandler(
        console: console, screen: screen, focus: focus, auth: dependencies.auth,
        makeAccount: { dependencies.makeAccountViewModel() },
        eraseLocalData: { _ = try await dependencies.eraseLocalUserData() },
        memories: memories, plan: plan, subscriptionMayHaveChanged: subscriptionMayHaveChanged),
      MessagesHandler(
        console: console, focus: focus, replies: replies, conversations: conversationsHandler,
        archiver: dependencies.archiver, paths: dependencies.paths,
        freeTier: dependencies.freeTier),
      syncHandler,
      HelpHandler(console: console),
    ]
    dependencies.sessions.onConversationUpdated = { [weak conversationsHandler] updated in
      conversationsHandler?.conversationDidChange(updated)
      dependencies.sync.localChangeHappened()
    }
    dependencies.sync.onRowsChanged = { [weak conversationsHandler] in
      conversationsHandler?.syncChangedRows()
    }
  }

  /// Runs the chat until `/quit`, Ctrl-D, or Ctrl-C twice; returns the exit status.
  func run(opening conversationID: UUID?) async -> ExitStatus {
    await settingsHandler.loadSaved(keepingPersona: personaWasChosen, keepingModel: modelWasChosen)
    // A round on launch, one after local changes, the fallback refresh; none blocks a write.
    await dependencies.sync.startScheduling()
    if io.isTerminal {
      await dependencies.rating.sessionStarted()
      await showWelcome()
      await syncHandler.askAboutWaitingForeignChanges()
    }
    if let conversationID { await open(conversationID, showing: 6) }
    while !isQuitting {
      replies.flushNotices()
      let offered = replies.takePrefill()
      let input = await io.readInput(prompt: prompt, prefill: offered)
      switch input {
      case .line(let line):
        quitArmed = false
        if let command = Self.command(typedAfter: offered, in: line) {
          // The message put back at the prompt (say, after the paywall) stays for later:
          // typing the suggested `/upgrade` runs it rather than sending "hello/upgrade".
          await handle(command)
          if replies.prefill == nil { replies.prefill = offered }
        } else {
          await handle(line)
        }
        await saveHistory()
      case .interrupted(let discarded):
        interrupted(discarded: discarded)
      case .endOfFile:
        isQuitting = true
      }
    }
    await finish()
    return !io.isTerminal && replies.lastReplyFailed && !io.readerLeft ? .failure : .success
  }

  /// Stops what is running because the process is asked to end (SIGTERM, SIGHUP): replies
  /// stop with their text kept, the history is saved, the terminal restored.
  func terminate() async {
    await saveHistory()
    await dependencies.shutdown()
    io.close()
  }

  /// The slash command typed after the text the prompt started with, when `line` is that
  /// text followed by a command Kiln knows; `nil` otherwise.
  static func command(typedAfter offered: String?, in line: String) -> String? {
    guard let offered, !offered.isEmpty, line.hasPrefix(offered) else { return nil }
    let rest = line.dropFirst(offered.count).drop { $0 == " " }
    guard rest.hasPrefix("/"), (try? SlashCommand.parse(String(rest))) != nil else { return nil }
    return String(rest)
  }

  private var prompt: StyledText {
    if chat?.composer.isEditing == true {
      return StyledText(L10n.Session.Welcome.editPrompt + " ", style: theme.warning.adding(.bold))
    }
    return StyledText("› ", style: theme.prompt)
  }

  private func interrupted(discarded: String) {
    if chat?.composer.isEditing == true {
      chat?.composer.cancelEditButtonTapped()
      hint(L10n.Session.Welcome.editCancelled)
      return
    }
    guard discarded.isEmpty else {
      quitArmed = false
      return
    }
    if quitArmed || !io.isTerminal {
      isQuitting = true
    } else {
      quitArmed = true
      hint(L10n.Session.Welcome.pressCtrlCAgain)
    }
  }

  /// One submitted line: a message, a slash command, or the text of an edit.
  func handle(_ line: String) async {
    let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return }
    if text.hasPrefix("//") {
      await send(String(text.dropFirst()))
    } else if text.hasPrefix("/") {
      if chat?.composer.isEditing == true {
        chat?.composer.cancelEditButtonTapped()
        hint(L10n.Session.Welcome.editCancelled)
      }
      do {
        await run(try SlashCommand.parse(text))
      } catch {
        problem(error.message)
      }
    } else if let chat, chat.composer.isEditing {
      chat.composer.text = text
      await replies.followReply(in: chat) { await chat.sendButtonTapped() }
    } else {
      await send(text)
    }
  }

  private func finish() async {
    await dependencies.sync.stopScheduling()
    let busy = dependencies.sessions.busyConversationIDs
    if !busy.isEmpty {
      hint(
        busy.count == 1
          ? L10n.Session.Welcome.stoppingOneReply : L10n.Session.Welcome.stoppingReplies(busy.count)
      )
    }
    await saveHistory()
    io.close()
  }

  func saveHistory() async {
    guard let historyFile else { return }
    let lines = await io.submittedLines()
    do {
      try historyFile.save(lines)
    } catch {
      dependencies.logger.error("save the prompt history", error, category: .ui)
    }
  }

  private func showWelcome() async {
    await dependencies.freeTier.refresh()
    let account = await dependencies.auth.currentUser()
    let lines = Welcome.lines(
      version: KilnApplication.version, ai: dependencies.ai, model: modelName,
      freeMessagesLeft: dependencies.freeTier.remaining, plan: plan.planName,
      signedInAs: account?.email)
    for (index, line) in lines.enumerated() {
      say(StyledText(line, style: index == 0 ? theme.accent.adding(.bold) : theme.dim))
    }
    if dependencies.freeTier.remaining == 0 { replies.showUpgradeHint() }
    io.write("\n")
  }

  /// The model new requests use.
  var modelName: String? { focus.modelName }

}
