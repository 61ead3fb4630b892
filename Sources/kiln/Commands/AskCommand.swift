import AI
import AppComposition
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TerminalUI

/// `kiln ask`: sends one message through the same `ChatViewModel` the interactive chat uses,
/// streams the reply to standard output (or prints one JSON object at the end) and exits 0
/// when the reply completed, 1 otherwise.
enum AskCommand {
  @MainActor
  static func run(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) async throws
    -> ExitStatus
  {
    let extracts = context.command.has("--extract")
    if extracts, context.wantsJSON {
      throw CommandError.usage(L10n.Terminal.Commands.extractWithJSON)
    }
    let system = try systemPrompt(context, dependencies)
    let options = try requestOptions(context, dependencies)
    let text = try messageText(
      context, limit: dependencies.chatConfiguration.maximumMessageBytes)
    // What `/settings` saved applies unless the command line says otherwise.
    let saved = await savedSettings(dependencies)
    let persona =
      try persona(context) ?? PersonaCatalogue.persona(rawID: saved.selectedPersonaID)
      ?? PersonaCatalogue.defaultPersona
    // Found (or made) before the echo notice, so a usage mistake is reported alone.
    let conversation = try await conversation(context, dependencies, persona: persona)
    if case .echo = dependencies.ai.provider {
      // A script would otherwise take the repeated question for an answer.
      context.console.error("kiln: \(L10n.Terminal.Commands.echoNotice)\n")
    }
    let chat = dependencies.sessions.viewModel(for: conversation.id)
    await chat.load()
    chat.systemPromptOverride = system
    chat.requestOptions = options
    if let model = context.command.value("--model") ?? saved.selectedModel {
      chat.model = ModelID(rawValue: model)
    }

    var presenter = makePresenter(context)
    var readerLeft = false
    // `--extract` waits for the whole reply: the block's end is only known then.
    let watcher: ReplyFollower? =
      context.wantsJSON || extracts
      ? nil
      : ReplyFollower(chat: chat) { piece in
        // The reader went away (`| head -1`): stop the reply rather than stream it to nobody.
        guard !readerLeft, !context.console.output(presenter.append(piece)) else { return }
        readerLeft = true
        chat.stopButtonTapped()
      }
    // Ctrl-C, `kill` and a closed terminal stop the reply as the chat's stop button does:
    // what arrived is stored as stopped and printed, and the exit status names the signal.
    let stop = SignalStop(chat: chat)
    defer { stop.cancel() }
    guard let result = await chat.send(text) else {
      throw CommandError.usage(L10n.Terminal.Commands.askNeedsNonEmpty)
    }
    if readerLeft {
      // Like `kiln chats | head -1`: the reader had what it wanted; that is not a failure.
      _ = watcher?.finish()
      return .success
    }
    let keeps = !context.command.has("--no-save")
    var discarded = await discardIfRefused(
      conversation, created: !continuesConversation(context),
      result: result, dependencies)
    if !keeps, !discarded {
      let created = !continuesConversation(context)
      try await forget(result, in: conversation, created: created, dependencies)
      // A continued conversation stays, so JSON still names it.
      discarded = created
    }
    if let watcher {
      context.console.output(presenter.append(watcher.finish()))
      context.console.output(presenter.finish())
    } else if extracts {
      // No closed block: the whole reply, as `llm -x` prints it.
      let content = result.reply.content
      var plain = StreamingText(markdown: nil)
      let shown = FencedCode.firstBlock(in: content).map { $0 + "\n" } ?? content
      context.console.output(plain.append(shown) + plain.finish())
    }
    if context.wantsJSON {
      try context.printJSON(
        AskJSON(result, conversationKept: !discarded, scrubber: context.scrubber))
    } else if let signal = stop.received, result.error == .cancelled {
      context.console.error(
        keeps
          ? "kiln: \(L10n.Terminal.Commands.stoppedSaved(SignalStop.name(signal), conversation.id.uuidString.lowercased()))\n"
          : "kiln: \(L10n.Terminal.Commands.stoppedBy(SignalStop.name(signal)))\n")
    } else if let error = result.error, error != .cancelled {
      let failure = AskJSON.failure(
        error, outcome: result.reply.outcome, scrubber: context.scrubber)
      let message = TerminalSanitizer.sanitized(failure.message)
      context.console.error("kiln: \(message) [\(failure.code)]\n")
      if let remedy = ProblemRemedy.sentence(for: error, provider: dependencies.ai.provider) {
        context.console.error("kiln: \(remedy)\n")
      }
      switch error {
      case .freeQuotaExhausted, .subscriptionRequired:
        // "Upgrade" alone leaves a script's user asking how: the plans are in the chat.
        context.console.error(
          "kiln: \(L10n.Terminal.Commands.askUpgradeHint)\n")
      default: break
      }
    }
    if let signal = stop.received, result.error == .cancelled { return .stopped(by: signal) }
    return result.isCompleted ? .success : .failure
  }

  /// `--no-save`: the conversation this command made goes; in a continued one, the message
  /// and its reply go and the earlier messages stay.
  /// - Throws: a storage error, so a failure to forget is never silent.
  @MainActor
  private static func forget(
    _ result: ReplyResult, in conversation: ConversationDTO, created: Bool,
    _ dependencies: AppDependencies
  ) async throws {
    if created {
      try await dependencies.conversations.delete(id: conversation.id)
    } else {
      let ids = [result.userMessageID, result.replyMessageID].compactMap { $0 }
      if !ids.isEmpty { try await dependencies.messages.deleteMessages(ids: ids) }
    }
  }

  /// `--system`'s text, refused through Kiln's proxy, which applies the persona's prompt
  /// itself (decision 7) and would drop it silently.
  @MainActor
  private static func systemPrompt(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) throws -> String? {
    guard let text = context.command.value("--system") else { return nil }
    if case .proxy = dependencies.ai.provider {
      throw CommandError.usage(
        L10n.Terminal.Commands.systemNeedsDirect)
    }
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw CommandError.usage(L10n.Terminal.Commands.systemNeedsPrompt)
    }
    return text
  }

  /// `-o NAME VALUE` options, checked before anything is stored. Through Kiln's proxy only
  /// `temperature` exists in the contract (decision 5); the proxy sets its own token limit.
  @MainActor
  private static func requestOptions(
    _ context: CommandContext, _ dependencies: AppDependencies
  ) throws -> ChatRequestOptions {
    var options = ChatRequestOptions()
    for pair in context.command.pairs["--option"] ?? [] {
      if case .proxy = dependencies.ai.provider, pair.name != "temperature",
        ChatRequestOptions.names.contains(pair.name)
      {
        throw CommandError.usage(
          L10n.Terminal.Commands.optionNeedsDirect(pair.name))
      }
      do {
        try options.set(pair.name, to: pair.value)
      } catch {
        throw CommandError.usage("-o: \(error.message)")
      }
    }
    return options
  }

  /// A conversation this command made for a message that was turned away before anything
  /// was stored (the free allowance was used up, say) would be an empty "New Chat" in every
  /// list, so it goes.
  @MainActor
  private static func discardIfRefused(
    _ conversation: ConversationDTO, created: Bool, result: ReplyResult,
    _ dependencies: AppDependencies
  ) async -> Bool {
    guard created, result.error != nil else { return false }
    guard (try? await dependencies.messages.count(conversationID: conversation.id)) == 0 else {
      return false
    }
    return (try? await dependencies.conversations.delete(id: conversation.id)) != nil
  }

  private static func messageText(_ context: CommandContext, limit: Int) throws -> String {
    if !context.command.arguments.isEmpty {
      // Checked before a conversation is made for it: `kiln ask ""` must not leave an empty
      // "New Chat" behind.
      let question = context.command.arguments.joined(separator: " ")
      guard !question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw CommandError.usage(L10n.Terminal.Commands.askNeedsNonEmpty)
      }
      return try withPipedText(question, context, limit: limit)
    }
    guard !context.console.inputIsTerminal else {
      throw CommandError.usage(
        L10n.Terminal.Commands.askNeedsMessage)
    }
    guard let text = try pipedText(context, room: limit, limit: limit, withQuestion: false) else {
      throw CommandError.usage(L10n.Terminal.Commands.stdinEmpty)
    }
    return text
  }

  /// `question`, then a blank line and what was piped in, as `llm` composes them
  /// (`git diff | kiln ask "Review this:"`). A terminal is not read: the question alone goes.
  private static func withPipedText(
    _ question: String, _ context: CommandContext, limit: Int
  ) throws -> String {
    guard !context.console.inputIsTerminal else { return question }
    let separator = "\n\n"
    // The combined message keeps the limit: standard input gets what the question leaves.
    let room = max(0, limit - question.utf8.count - separator.utf8.count)
    guard let piped = try pipedText(context, room: room, limit: limit, withQuestion: true)
    else { return question }
    return question + separator + piped
  }

  /// Standard input as text, `nil` when it holds only whitespace. One byte more than `room`
  /// is read, which tells an input that fits from one that does not without holding more
  /// than that of an endless pipe.
  private static func pipedText(
    _ context: CommandContext, room: Int, limit: Int, withQuestion: Bool
  ) throws -> String? {
    let data = context.console.readInputPrefix(room + 1)
    guard data.count <= room else { throw overLimit(limit, withQuestion: withQuestion) }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CommandError.usage(L10n.Terminal.Commands.stdinNotUTF8)
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
  }

  private static func overLimit(_ limit: Int, withQuestion: Bool = false) -> CommandError {
    let size = ChatConfiguration.byteCount(limit)
    let key = ConfigurationKey.maximumPromptBytes.name
    return CommandError.failure(
      withQuestion
        ? L10n.Terminal.Commands.questionWithStdinTooLong(size, size, key)
        : L10n.Terminal.Commands.stdinTooLong(size, size, key))
  }

  /// The saved settings; the defaults when they cannot be read (logged), so a damaged
  /// settings row never stops a message.
  @MainActor
  static func savedSettings(_ dependencies: AppDependencies) async -> SettingsDTO {
    do {
      return try await dependencies.settings.load()
    } catch {
      dependencies.logger.error("read the saved settings", error, category: .storage)
      return .defaults
    }
  }

  @MainActor
  /// The persona `--persona` names; `nil` when the option is absent.
  /// - Throws: `CommandError` (usage) for an unknown persona.
  static func persona(_ context: CommandContext) throws -> Persona? {
    guard let id = context.command.value("--persona") else { return nil }
    guard let persona = PersonaCatalogue.persona(rawID: id) else {
      let known = PersonaCatalogue.all.map(\.id.rawValue).joined(separator: ", ")
      throw CommandError.usage(L10n.Terminal.Commands.unknownPersona(id, known))
    }
    return persona
  }

  @MainActor
  private static func conversation(
    _ context: CommandContext, _ dependencies: AppDependencies, persona: Persona
  ) async throws -> ConversationDTO {
    if let existing = try await ConversationLookup.named(by: context, in: dependencies) {
      return existing
    }
    return try await dependencies.conversations.create(
      title: L10n.Chat.defaultTitle, personaName: persona.displayName,
      personaID: persona.id.rawValue)
  }

  private static func continuesConversation(_ context: CommandContext) -> Bool {
    context.command.value("--conversation") != nil || context.command.has("--continue")
  }

  private static func makePresenter(_ context: CommandContext) -> StreamingText {
    let capabilities = context.outputCapabilities
    guard capabilities.isInteractive else { return StreamingText(markdown: nil) }
    let size = Terminal.size(of: STDOUT_FILENO)
    let renderer = MarkdownRenderer(capabilities: capabilities, width: size?.columns)
    return StreamingText(
      markdown: StreamingMarkdownRenderer(
        renderer: renderer,
        mode: StreamingMarkdownRenderer.mode(for: capabilities, terminalRows: size?.rows)))
  }
}

/// Streamed reply text as it goes out: Markdown on a terminal, the text as written in a
/// pipe. Either way it passes `TerminalSanitizer` (the Markdown renderer does it itself), so
/// a reply cannot send the terminal escape sequences of its own.
struct StreamingText {
  var markdown: StreamingMarkdownRenderer?
  private var sanitizer = TerminalSanitizer.Stream()
  private var endsWithNewline = true

  init(markdown: StreamingMarkdownRenderer?) {
    self.markdown = markdown
  }

  mutating func append(_ text: String) -> String {
    guard !text.isEmpty else { return "" }
    guard markdown != nil else {
      let clean = sanitizer.append(text)
      if !clean.isEmpty { endsWithNewline = clean.hasSuffix("\n") }
      return clean
    }
    return markdown?.append(text) ?? ""
  }

  mutating func finish() -> String {
    if markdown != nil { return markdown?.finish() ?? "" }
    let rest = sanitizer.finish()
    if !rest.isEmpty { endsWithNewline = rest.hasSuffix("\n") }
    return rest + (endsWithNewline ? "" : "\n")
  }
}
