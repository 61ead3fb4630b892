import FeatureChat
import Foundation
import Storage

extension ConversationsHandler {
  /// A sync round stored or deleted rows: the list reads them again, and so does the
  /// conversation on screen unless a reply is being written in it (the next round's
  /// refresh shows it then). A conversation deleted elsewhere leaves the screen.
  func syncChangedRows() {
    Task { await self.refreshAfterSync() }
  }

  /// What `syncChangedRows()` starts; waits for it to finish.
  func refreshAfterSync() async {
    await history.loadConversations()
    guard let id = focus.chat?.conversationID,
      !sessions.busyConversationIDs.contains(id)
    else { return }
    let stored: ConversationDTO?
    do {
      stored = try await conversations.get(id: id)
    } catch {
      return
    }
    guard let stored else {
      focus.clear()
      return
    }
    await sessions.close(id)
    let chat = sessions.viewModel(for: id)
    await chat.load()
    focus.chat = chat
    focus.conversation = stored
  }
}
