import AppComposition
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TerminalUI

/// `/retry`, `/edit`, `/regen`, `/versions`, `/copy`, `/export` and `/usage`: what is done
/// with the messages of the conversation on screen. Replies it starts are shown by the
/// session's `ReplyDisplay`, as a typed message's are.
@MainActor
final class MessagesHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let focus: SessionFocus
  private let replies: ReplyDisplay
  private let conversations: ConversationsHandler
  private let archiver: ChatArchiver
  private let paths: KilnPaths?
  private let freeTier: FreeTierGate

  /// The message commands; `conversations` finds the conversation to export, `archiver`
  /// writes it, `paths` keeps exports out of Kiln's own folders.
  init(
    console: SessionConsole, focus: SessionFocus, replies: ReplyDisplay,
    conversations: ConversationsHandler, archiver: ChatArchiver, paths: KilnPaths?,
    freeTier: FreeTierGate
  ) {
    self.console = console
    self.focus = focus
    self.replies = replies
    self.conversations = conversations
    self.archiver = archiver
    self.paths = paths
    self.freeTier = freeTier
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .retry: await retry()
    case .edit(let number): await edit(number)
    case .regenerate: await regenerate()
    case .versions(let number): await showVersions(number)
    case .copy: copyLastReply()
    case .export(let format, let file): await export(format: format, file: file)
    case .usage: await showUsage()
    default: return false
    }
    return true
  }

  /// The conversation on screen when it has messages; says so when it has none.
  private func chatWithMessages(for action: String) -> ChatViewModel? {
    guard let chat = focus.chat, !chat.messages.isEmpty else {
      console.problem(L10n.Session.Messages.nothingToYet(Self.phrase(action)))
      return nil
    }
    return chat
  }

  /// What `action` (a command's English verb) reads as in the interface language.
  private static func phrase(_ action: String) -> String {
    switch action {
    case "retry": return L10n.Session.Actions.doRetry
    case "regenerate": return L10n.Session.Actions.doRegenerate
    case "edit": return L10n.Session.Actions.doEdit
    case "compare": return L10n.Session.Actions.doCompare
    case "copy": return L10n.Session.Actions.doCopy
    default: return action
    }
  }

  private func retry() async {
    guard let chat = chatWithMessages(for: "retry") else { return }
    guard chat.canRetry else {
      console.hint(L10n.Session.Messages.nothingToRetry)
      return
    }
    await replies.followReply(in: chat) { await chat.retryButtonTapped() }
  }

  private func regenerate() async {
    guard let chat = chatWithMessages(for: "regenerate") else { return }
    guard let reply = chat.messages.last(where: { $0.role == .assistant }) else {
      console.hint(L10n.Session.Messages.noReplyToRegenerate)
      return
    }
    console.hint(L10n.Session.Messages.writingNewVersion)
    await replies.followReply(in: chat) { await chat.regenerateButtonTapped(messageID: reply.id) }
  }

  /// Starts editing a message you sent: the prompt shows its text to change; Enter sends
  /// the edit (the original and its replies stay as an earlier version), Ctrl-C cancels.
  private func edit(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "edit") else { return }
    if number != nil { await loadAllMessages(of: chat) }
    let sent = chat.messages.filter { $0.role == .user }
    guard !sent.isEmpty else {
      console.problem(L10n.Session.Messages.notSentHere)
      return
    }
    let index = (number ?? sent.count) - 1
    guard sent.indices.contains(index) else {
      console.problem(L10n.Session.Messages.noMessageNumber(index + 1, sent.count))
      return
    }
    chat.editButtonTapped(messageID: sent[index].id)
    replies.prefill = chat.composer.text
    console.hint(
      console.io.isTerminal
        ? L10n.Session.Messages.editingOnTerminal(index + 1)
        : L10n.Session.Messages.editingInLineMode(index + 1))
  }

  private func showVersions(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "compare"),
      let reply = chat.messages.last(where: { $0.role == .assistant })
    else {
      console.hint(L10n.Session.Messages.noReplyYet)
      return
    }
    let versions: [ChatMessage]
    do {
      versions = try await chat.versions(of: reply.id)
    } catch {
      console.problem(AppError.from(error), doing: L10n.Session.Actions.doListVersions)
      return
    }
    guard let number else {
      for (index, version) in versions.enumerated() {
        var line = StyledText(
          preview(version.text), style: version.id == reply.id ? .plain : console.theme.dim)
        if version.id == reply.id {
          line.append("  " + L10n.Session.Messages.versionShown, style: console.theme.accent)
        }
        console.say(console.numbered(index + 1, line), cut: true)
      }
      if versions.count < 2 {
        console.hint(L10n.Session.Messages.onlyOneVersion)
      } else {
        console.hint(L10n.Session.Messages.versionsShowN)
      }
      return
    }
    guard versions.indices.contains(number - 1) else {
      console.problem(L10n.Session.Messages.noVersionNumber(number, versions.count))
      return
    }
    await chat.showVersion(versions[number - 1].id)
    if let failure = chat.state.failure {
      console.problem(failure.error, doing: L10n.Session.Actions.doSwitchVersions)
      return
    }
    if let shown = chat.messages.last(where: { $0.role == .assistant }) {
      replies.showMessage(shown)
    }
    replies.showStatus(of: chat)
  }

  private func copyLastReply() {
    guard let chat = chatWithMessages(for: "copy"),
      let reply = chat.messages.last(where: { $0.role == .assistant })
    else {
      console.hint(L10n.Session.Messages.noReplyToCopy)
      return
    }
    console.hint(L10n.Session.Messages.copyHint)
    let text = TerminalSanitizer.sanitized(reply.text)
    console.io.write(text + (text.hasSuffix("\n") ? "" : "\n"))
  }

  private func export(format: SlashCommand.ExportFormat, file: String?) async {
    guard let stored = await conversations.target(nil, for: "export") else { return }
    let text: String
    do {
      if format == .json {
        let data = try await archiver.exportJSON(conversationIDs: [stored.id])
        text = (String(data: data, encoding: .utf8) ?? "") + "\n"
      } else {
        text = try await archiver.exportMarkdown(
          conversationID: stored.id, timeZone: .current, labels: .interfaceLanguage)
      }
    } catch {
      console.problem(AppError.from(error), doing: L10n.Session.Actions.doExportConversation)
      return
    }
    if file == "-" {
      // Exact in a pipe (an archive to keep), without escape sequences on a terminal.
      console.io.write(console.io.isTerminal ? TerminalSanitizer.sanitized(text) : text)
      return
    }
    let path = file ?? "kiln-\(ConversationLookup.shortID(stored.id)).\(format.fileExtension)"
    let url = UserPath.url(path, environment: console.environment)
    do {
      try UserFileWriter(paths: paths).write(Data(text.utf8), to: url)
      console.done(L10n.Session.Messages.exportedTo(Row.title(stored.title), url.path))
    } catch {
      console.problem(L10n.Session.Messages.couldNotWrite(url.path, error.reason))
    }
  }

  private func showUsage() async {
    await freeTier.refresh()
    if let chat = focus.chat, !chat.messages.isEmpty {
      let usage = chat.usage
      console.say(L10n.Session.Messages.thisConversation, console.theme.heading)
      let answers = chat.messages.filter { $0.role == .assistant }
      for (index, reply) in answers.enumerated() {
        var line = StyledText(
          reply.model ?? L10n.Session.Messages.unknownModel, style: console.theme.accent)
        let tokens =
          reply.totalTokens.map { tokenText($0) } ?? L10n.Session.Messages.noUsageReported
        line.append("  \(tokens)", style: .plain)
        if let prompt = reply.promptTokens, let completion = reply.completionTokens {
          line.append(
            "  " + L10n.Session.Messages.tokenSplit(prompt, completion), style: console.theme.dim)
        }
        line.append("  \(preview(reply.text))", style: console.theme.dim)
        console.say(console.numbered(index + 1, line), cut: true)
      }
      let total = tokenText(usage.totalTokens)
      console.say(
        usage.meteredReplies == 1
          ? L10n.Session.Messages.usageTotalOne(total, usage.promptTokens, usage.completionTokens)
          : L10n.Session.Messages.usageTotal(
            total, usage.promptTokens, usage.completionTokens, usage.meteredReplies))
      if !usage.models.isEmpty {
        console.say(L10n.Session.Messages.modelsThatAnswered(usage.models.joined(separator: ", ")))
      }
    } else {
      console.hint(L10n.Session.Messages.noRepliesYet)
    }
    if let left = freeTier.remaining {
      console.say(L10n.Session.Messages.freeMessagesLeft(left, freeTier.policy.limit))
    } else {
      console.say(
        L10n.Session.Messages.freeMessagesNoLimit(
          PlanFacts.unlimitedReason(ownProvider: !freeTier.provider.isMetered)))
    }
  }

  /// The first line of a message, short enough for a list.
  private func preview(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.count > 60 ? String(line.prefix(59)) + console.glyphs.ellipsis : line
  }

  private func tokenText(_ count: Int) -> String {
    StatusLineLabels.english.tokensUsed(count)
  }

  /// Loads every page of the conversation, so message numbers count from its start.
  private func loadAllMessages(of chat: ChatViewModel) async {
    var previous = -1
    while chat.paginator.state != .endReached, chat.messages.count != previous {
      previous = chat.messages.count
      await chat.loadEarlierMessages()
    }
  }

}
