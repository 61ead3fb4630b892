import AppComposition
import Core
import FeatureChat
import Foundation
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
      console.problem("There is nothing to \(action) yet: send a message first.")
      return nil
    }
    return chat
  }

  private func retry() async {
    guard let chat = chatWithMessages(for: "retry") else { return }
    guard chat.canRetry else {
      console.hint("Nothing to retry: the last reply completed. /regen writes a new version of it.")
      return
    }
    await replies.followReply(in: chat) { await chat.retryButtonTapped() }
  }

  private func regenerate() async {
    guard let chat = chatWithMessages(for: "regenerate") else { return }
    guard let reply = chat.messages.last(where: { $0.role == .assistant }) else {
      console.hint("There is no reply to regenerate yet.")
      return
    }
    console.hint("Writing a new version; the old one stays under /versions.")
    await replies.followReply(in: chat) { await chat.regenerateButtonTapped(messageID: reply.id) }
  }

  /// Starts editing a message you sent: the prompt shows its text to change; Enter sends
  /// the edit (the original and its replies stay as an earlier version), Ctrl-C cancels.
  private func edit(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "edit") else { return }
    if number != nil { await loadAllMessages(of: chat) }
    let sent = chat.messages.filter { $0.role == .user }
    guard !sent.isEmpty else {
      console.problem("You have not sent a message here yet.")
      return
    }
    let index = (number ?? sent.count) - 1
    guard sent.indices.contains(index) else {
      console.problem(
        "There is no message \(index + 1): you sent \(sent.count) here (/edit 1–\(sent.count)).")
      return
    }
    chat.editButtonTapped(messageID: sent[index].id)
    replies.prefill = chat.inputText
    console.hint(
      console.io.isTerminal
        ? "Editing message \(index + 1). Change it and press Enter to resend; Ctrl-C cancels."
        : "Editing message \(index + 1): the next line replaces it.")
  }

  private func showVersions(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "compare"),
      let reply = chat.messages.last(where: { $0.role == .assistant })
    else {
      console.hint("There is no reply yet.")
      return
    }
    let versions: [ChatMessage]
    do {
      versions = try await chat.versions(of: reply.id)
    } catch {
      console.problem(AppError.from(error), doing: "list the versions")
      return
    }
    guard let number else {
      for (index, version) in versions.enumerated() {
        var line = StyledText(
          preview(version.text), style: version.id == reply.id ? .plain : console.theme.dim)
        if version.id == reply.id { line.append("  (shown)", style: console.theme.accent) }
        console.say(console.numbered(index + 1, line), cut: true)
      }
      if versions.count < 2 {
        console.hint("Only one version so far; /regen writes another.")
      } else {
        console.hint("/versions N shows version N.")
      }
      return
    }
    guard versions.indices.contains(number - 1) else {
      console.problem("There is no version \(number) (1–\(versions.count)).")
      return
    }
    await chat.showVersion(versions[number - 1].id)
    if let failure = chat.state.failure {
      console.problem(failure.error, doing: "switch versions")
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
      console.hint("There is no reply to copy yet.")
      return
    }
    console.hint("The last reply as written (select it to copy; there is no clipboard here):")
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
          conversationID: stored.id, timeZone: .current)
      }
    } catch {
      console.problem(AppError.from(error), doing: "export the conversation")
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
      console.done("Exported “\(Row.title(stored.title))” to \(url.path).")
    } catch {
      console.problem("Could not write \(url.path): \(error.reason).")
    }
  }

  private func showUsage() async {
    await freeTier.refresh()
    if let chat = focus.chat, !chat.messages.isEmpty {
      let usage = chat.usage
      console.say("This conversation", console.theme.heading)
      let answers = chat.messages.filter { $0.role == .assistant }
      for (index, reply) in answers.enumerated() {
        var line = StyledText(reply.model ?? "unknown model", style: console.theme.accent)
        let tokens = reply.totalTokens.map { tokenText($0) } ?? "no usage reported"
        line.append("  \(tokens)", style: .plain)
        if let prompt = reply.promptTokens, let completion = reply.completionTokens {
          line.append("  (\(prompt) prompt + \(completion) completion)", style: console.theme.dim)
        }
        line.append("  \(preview(reply.text))", style: console.theme.dim)
        console.say(console.numbered(index + 1, line), cut: true)
      }
      console.say(
        "Total: \(tokenText(usage.totalTokens)) (\(usage.promptTokens) prompt + "
          + "\(usage.completionTokens) completion) over \(usage.meteredReplies) metered "
          + "repl\(usage.meteredReplies == 1 ? "y" : "ies"), earlier versions included.")
      if !usage.models.isEmpty {
        console.say("Models that answered: \(usage.models.joined(separator: ", "))")
      }
    } else {
      console.hint("No replies in this conversation yet.")
    }
    if let left = freeTier.remaining {
      console.say("Free messages left: \(left) of \(freeTier.policy.limit).")
    } else {
      console.say(
        "Free messages: no limit (\(PlanFacts.unlimitedReason(ownProvider: !freeTier.provider.isMetered)))."
      )
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
