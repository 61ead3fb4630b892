import AppComposition
import Core
import FeatureChat
import Foundation
import Storage
import TerminalUI

extension InteractiveSession {
  /// The conversation on screen when it has messages; says so when it has none.
  func chatWithMessages(for action: String) -> ChatViewModel? {
    guard let chat, !chat.messages.isEmpty else {
      problem("There is nothing to \(action) yet: send a message first.")
      return nil
    }
    return chat
  }

  func retry() async {
    guard let chat = chatWithMessages(for: "retry") else { return }
    guard chat.canRetry else {
      hint("Nothing to retry: the last reply completed. /regen writes a new version of it.")
      return
    }
    await followReply(in: chat) { await chat.retryButtonTapped() }
  }

  func regenerate() async {
    guard let chat = chatWithMessages(for: "regenerate") else { return }
    guard let reply = chat.messages.last(where: { $0.role == .assistant }) else {
      hint("There is no reply to regenerate yet.")
      return
    }
    hint("Writing a new version; the old one stays under /versions.")
    await followReply(in: chat) { await chat.regenerateButtonTapped(messageID: reply.id) }
  }

  /// Starts editing a message you sent: the prompt shows its text to change; Enter sends
  /// the edit (the original and its replies stay as an earlier version), Ctrl-C cancels.
  func edit(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "edit") else { return }
    if number != nil { await loadAllMessages(of: chat) }
    let sent = chat.messages.filter { $0.role == .user }
    guard !sent.isEmpty else {
      problem("You have not sent a message here yet.")
      return
    }
    let index = (number ?? sent.count) - 1
    guard sent.indices.contains(index) else {
      problem(
        "There is no message \(index + 1): you sent \(sent.count) here (/edit 1–\(sent.count)).")
      return
    }
    chat.editButtonTapped(messageID: sent[index].id)
    prefill = chat.inputText
    hint(
      io.isTerminal
        ? "Editing message \(index + 1). Change it and press Enter to resend; Ctrl-C cancels."
        : "Editing message \(index + 1): the next line replaces it.")
  }

  func showVersions(_ number: Int?) async {
    guard let chat = chatWithMessages(for: "compare"),
      let reply = chat.messages.last(where: { $0.role == .assistant })
    else {
      hint("There is no reply yet.")
      return
    }
    let versions: [ChatMessage]
    do {
      versions = try await chat.versions(of: reply.id)
    } catch {
      problem(AppError.from(error), doing: "list the versions")
      return
    }
    guard let number else {
      for (index, version) in versions.enumerated() {
        var line = StyledText(
          preview(version.text), style: version.id == reply.id ? .plain : theme.dim)
        if version.id == reply.id { line.append("  (shown)", style: theme.accent) }
        say(numbered(index + 1, line), cut: true)
      }
      if versions.count < 2 {
        hint("Only one version so far; /regen writes another.")
      } else {
        hint("/versions N shows version N.")
      }
      return
    }
    guard versions.indices.contains(number - 1) else {
      problem("There is no version \(number) (1–\(versions.count)).")
      return
    }
    await chat.showVersion(versions[number - 1].id)
    if let failure = chat.state.failure {
      problem(failure.error, doing: "switch versions")
      return
    }
    if let shown = chat.messages.last(where: { $0.role == .assistant }) { showMessage(shown) }
    showStatus(of: chat)
  }

  func copyLastReply() {
    guard let chat = chatWithMessages(for: "copy"),
      let reply = chat.messages.last(where: { $0.role == .assistant })
    else {
      hint("There is no reply to copy yet.")
      return
    }
    hint("The last reply as written (select it to copy; there is no clipboard here):")
    let text = TerminalSanitizer.sanitized(reply.text)
    io.write(text + (text.hasSuffix("\n") ? "" : "\n"))
  }

  func export(format: SlashCommand.ExportFormat, file: String?) async {
    guard let stored = await conversationsHandler.target(nil, for: "export") else { return }
    let text: String
    do {
      if format == .json {
        let data = try await dependencies.archiver.exportJSON(conversationIDs: [stored.id])
        text = (String(data: data, encoding: .utf8) ?? "") + "\n"
      } else {
        text = try await dependencies.archiver.exportMarkdown(
          conversationID: stored.id, timeZone: .current)
      }
    } catch {
      problem(AppError.from(error), doing: "export the conversation")
      return
    }
    if file == "-" {
      // Exact in a pipe (an archive to keep), without escape sequences on a terminal.
      io.write(io.isTerminal ? TerminalSanitizer.sanitized(text) : text)
      return
    }
    let path = file ?? "kiln-\(ConversationLookup.shortID(stored.id)).\(format.fileExtension)"
    let url = UserPath.url(path, environment: environment)
    do {
      try UserFileWriter(paths: dependencies.paths).write(Data(text.utf8), to: url)
      done("Exported “\(Row.title(stored.title))” to \(url.path).")
    } catch {
      problem("Could not write \(url.path): \(error.reason).")
    }
  }

  func showUsage() async {
    await dependencies.freeTier.refresh()
    if let chat, !chat.messages.isEmpty {
      let usage = chat.usage
      say("This conversation", theme.heading)
      let replies = chat.messages.filter { $0.role == .assistant }
      for (index, reply) in replies.enumerated() {
        var line = StyledText(reply.model ?? "unknown model", style: theme.accent)
        let tokens = reply.totalTokens.map { tokenText($0) } ?? "no usage reported"
        line.append("  \(tokens)", style: .plain)
        if let prompt = reply.promptTokens, let completion = reply.completionTokens {
          line.append("  (\(prompt) prompt + \(completion) completion)", style: theme.dim)
        }
        line.append("  \(preview(reply.text))", style: theme.dim)
        say(numbered(index + 1, line), cut: true)
      }
      say(
        "Total: \(tokenText(usage.totalTokens)) (\(usage.promptTokens) prompt + "
          + "\(usage.completionTokens) completion) over \(usage.meteredReplies) metered "
          + "repl\(usage.meteredReplies == 1 ? "y" : "ies"), earlier versions included.")
      if !usage.models.isEmpty {
        say("Models that answered: \(usage.models.joined(separator: ", "))")
      }
    } else {
      hint("No replies in this conversation yet.")
    }
    if let left = dependencies.freeTier.remaining {
      say("Free messages left: \(left) of \(dependencies.freeTier.policy.limit).")
    } else {
      say("Free messages: no limit (your own provider, or Kiln Pro).")
    }
  }

  /// The first line of a message, short enough for a list.
  func preview(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.count > 60 ? String(line.prefix(59)) + glyphs.ellipsis : line
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
