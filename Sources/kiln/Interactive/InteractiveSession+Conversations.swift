import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TerminalUI

extension InteractiveSession {
  /// The conversation on screen, made now if the user has not sent anything yet.
  func currentOrNewChat() async -> ChatViewModel? {
    if let chat { return chat }
    guard let created = await history.createNewConversation(persona: persona) else {
      reportHistoryFailure(doing: "start a conversation")
      return nil
    }
    return await show(created)
  }

  /// Makes `stored` the conversation on screen and returns its view model.
  @discardableResult
  func show(_ stored: ConversationDTO) async -> ChatViewModel {
    let chat = dependencies.sessions.viewModel(for: stored.id)
    await chat.load()
    if let model { chat.model = model }
    self.chat = chat
    conversation = stored
    // Models with nothing in flight are rebuilt on demand; keep only the one on screen.
    dependencies.sessions.releaseIdle(keeping: [stored.id])
    return chat
  }

  /// Opens a conversation: shows its newest messages, and follows a reply still arriving.
  func open(_ id: UUID, showing count: Int) async {
    guard let stored = await fetch(id) else { return }
    let chat = await show(stored)
    if case .failed(let error) = chat.loadState {
      problem(error, doing: "open the conversation")
      return
    }
    let streaming = chat.isSending ? chat.messages.last(where: \.isStreaming) : nil
    say(
      StyledText("“\(Row.title(stored.title))”", style: theme.heading)
        + StyledText(
          "  \(stored.personaName ?? chat.persona.displayName) · \(ConversationLookup.shortID(id))",
          style: theme.dim), cut: true)
    let shown = chat.messages.filter { $0.id != streaming?.id }.suffix(count)
    if chat.messages.count > shown.count + (streaming == nil ? 0 : 1) {
      hint("… earlier messages are not shown (kiln show \(id.uuidString.lowercased()) prints all)")
    }
    for message in shown { showMessage(message) }
    guard chat.isSending else {
      if !shown.isEmpty { showStatus(of: chat) }
      return
    }
    backgroundReplies.removeValue(forKey: id)?.cancel()
    hint("A reply is still arriving here:")
    await followReply(in: chat, attaching: streaming?.id) {
      await chat.waitUntilIdle()
      return chat.lastReply
    }
  }

  /// One stored message as the chat shows it: yours after the prompt sign, replies as
  /// Markdown, with a note when a reply was stopped or failed.
  func showMessage(_ message: ChatMessage) {
    switch message.role {
    case .user:
      io.write(
        (StyledText("› ", style: theme.prompt) + StyledText(message.text))
          .rendered(for: io.capabilities) + "\n")
    case .assistant:
      io.write(render(markdown: message.text))
      if message.status == .cancelled {
        hint("(stopped)")
      } else if message.status == .failed {
        hint("(failed\(message.errorCode.map { ": \($0)" } ?? ""))")
      }
    default:
      return
    }
  }

  // MARK: - Commands

  func newConversation(personaID: String?) {
    if let personaID {
      guard let chosen = AssistantHandler.persona(named: personaID, reportingTo: console) else {
        return
      }
      persona = chosen
    }
    chat = nil
    conversation = nil
    say("New conversation with \(persona.displayName). Say something!", theme.accent)
  }

  func listChats(includeArchived: Bool) async {
    if includeArchived != history.showsArchived {
      await history.showArchivedToggled()
    } else {
      await history.loadConversations()
    }
    if case .failed(let error) = history.loadState {
      problem(error, doing: "list conversations")
      return
    }
    let list = history.conversations
    guard !list.isEmpty else {
      hint(L10n.Chat.emptyHistoryMessage)
      return
    }
    listing = list.map(\.id)
    for (index, item) in list.enumerated() {
      say(numbered(index + 1, row(item)), cut: true)
    }
    if history.paginator.state != .endReached {
      hint("Showing the newest \(list.count); kiln chats lists every one.")
    }
    hint("/open N switches to one.")
  }

  /// One conversation in a list: title, persona, date, short id, and its flags.
  func row(_ item: ConversationDTO) -> StyledText {
    let isCurrent = item.id == conversation?.id
    var text = StyledText(ConversationLookup.shortID(item.id) + "  ", style: theme.dim)
    text.append(Row.title(item.title), style: isCurrent ? theme.accent.adding(.bold) : .plain)
    if item.isPinned { text.append("  \(L10n.Chat.pinned.lowercased())", style: theme.warning) }
    if item.isArchived { text.append("  \(L10n.Chat.archived.lowercased())", style: theme.dim) }
    if dependencies.sessions.busyConversationIDs.contains(item.id) {
      text.append("  replying…", style: theme.success)
    }
    let details = [item.personaName, Row.date(item.updatedAt)].compactMap { $0 }
      .joined(separator: " · ")
    text.append("  \(details)", style: theme.dim)
    return text
  }

  func rename(to title: String) async {
    guard let target = await target(nil, for: "rename") else { return }
    await history.renameConversation(id: target.id, newTitle: title)
    guard await refreshAfterChange(target.id, doing: "rename the conversation") else { return }
    done("Renamed to “\(title)”.")
  }

  func delete(_ reference: ConversationReference?) async {
    guard let target = await target(reference, for: "delete") else { return }
    let answer = await io.ask(
      "Delete “\(Row.title(target.title))” and all its messages? This can't be undone. [y/N] ",
      secret: false)
    guard let answer,
      ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: .whitespaces))
    else {
      hint("Kept.")
      return
    }
    await history.deleteConversation(id: target.id)
    guard history.failure == nil else {
      reportHistoryFailure(doing: "delete the conversation")
      return
    }
    listing.removeAll { $0 == target.id }
    if target.id == conversation?.id {
      chat = nil
      conversation = nil
      done("Deleted “\(Row.title(target.title))”. You are in a new conversation.")
    } else {
      done("Deleted “\(Row.title(target.title))”.")
    }
  }

  func setPinned(_ reference: ConversationReference?, _ isPinned: Bool) async {
    guard let target = await target(reference, for: isPinned ? "pin" : "unpin") else { return }
    await history.setPinned(id: target.id, isPinned)
    guard await refreshAfterChange(target.id, doing: isPinned ? "pin" : "unpin") else { return }
    done(
      isPinned
        ? "Pinned “\(Row.title(target.title))”: it lists first."
        : "Unpinned “\(Row.title(target.title))”.")
  }

  func setArchived(_ reference: ConversationReference?, _ isArchived: Bool) async {
    let action = isArchived ? "archive" : "unarchive"
    guard let target = await target(reference, for: action) else { return }
    await history.setArchived(id: target.id, isArchived)
    guard await refreshAfterChange(target.id, doing: action) else { return }
    done(
      isArchived
        ? "Archived “\(Row.title(target.title))”: /chats archived still lists it."
        : "“\(Row.title(target.title))” is back in /chats.")
  }

  // MARK: - Finding conversations

  /// The conversation a command names, or the one on screen; says why when there is none.
  func target(
    _ reference: ConversationReference?, for action: String
  ) async
    -> ConversationDTO?
  {
    switch reference {
    case nil:
      if let conversation { return conversation }
      problem(
        "There is nothing to \(action) yet: send a message first, or name one (/\(action) N).")
      return nil
    case .number(let number):
      guard listing.indices.contains(number - 1) else {
        problem(
          listing.isEmpty
            ? "Numbers refer to the last /chats or /search list; type /chats first."
            : "There is no number \(number) in the last list (1–\(listing.count)).")
        return nil
      }
      return await fetch(listing[number - 1])
    case .identifier(let text):
      return await find(text)
    }
  }

  /// The stored conversation `id`; reports when it is gone.
  func fetch(_ id: UUID) async -> ConversationDTO? {
    do {
      if let stored = try await dependencies.conversations.get(id: id) { return stored }
      problem("That conversation no longer exists; /chats shows the current list.")
    } catch {
      problem(AppError.from(error), doing: "read the conversation")
    }
    return nil
  }

  private func find(_ text: String) async -> ConversationDTO? {
    if let id = UUID(uuidString: text) { return await fetch(id) }
    do {
      // The short id /chats shows is the end of the identifier; a start works too.
      guard let matches = try await ConversationLookup.matches(text, in: dependencies) else {
        problem("'\(text)' is neither a number from the list nor a conversation id; see /chats.")
        return nil
      }
      guard matches.count == 1 else {
        problem(
          matches.isEmpty
            ? "No conversation has the id '\(text)'; see /chats."
            : "'\(text)' matches \(matches.count) conversations; give more of the id.")
        return nil
      }
      return matches[0]
    } catch {
      problem(AppError.from(error), doing: "look the conversation up")
      return nil
    }
  }

  /// After a change through the history list: reports a failure, or refreshes the stored
  /// form of the conversation on screen. True when the change worked.
  private func refreshAfterChange(_ id: UUID, doing action: String) async -> Bool {
    guard history.failure == nil else {
      reportHistoryFailure(doing: action)
      return false
    }
    if id == conversation?.id, let updated = await fetch(id) { conversation = updated }
    return true
  }

  func reportHistoryFailure(doing action: String) {
    problem(history.failure?.error ?? .unknown(action), doing: action)
    history.dismissFailure()
  }
}
