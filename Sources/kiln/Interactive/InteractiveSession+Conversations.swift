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
    guard let created = await conversationsHandler.startConversation() else { return nil }
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
    guard let stored = await conversationsHandler.fetch(id) else { return }
    let chat = await show(stored)
    if case .failed(let error) = chat.loadState {
      problem(error, doing: L10n.Session.Actions.doOpenConversation)
      return
    }
    let streaming = chat.isSending ? chat.messages.last(where: \.isStreaming) : nil
    say(
      StyledText("“\(Row.title(stored.title))”", style: theme.heading)
        + StyledText(
          "  \(PersonaNames.shown(stored) ?? chat.persona.shownName) · \(ConversationLookup.shortID(id))",
          style: theme.dim), cut: true)
    let shown = chat.messages.filter { $0.id != streaming?.id }.suffix(count)
    if chat.messages.count > shown.count + (streaming == nil ? 0 : 1) {
      hint(L10n.Session.Replies.earlierNotShown(id.uuidString.lowercased()))
    }
    for message in shown { replies.showMessage(message) }
    guard chat.isSending else {
      if !shown.isEmpty { replies.showStatus(of: chat) }
      return
    }
    replies.stopReportingInBackground(id)
    hint(L10n.Session.Replies.stillArrivingHere)
    await replies.followReply(in: chat, attaching: streaming?.id) {
      await chat.waitUntilIdle()
      return chat.lastReply
    }
  }
}
