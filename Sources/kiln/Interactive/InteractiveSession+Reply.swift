import Core
import FeatureChat
import FeatureRating
import Foundation
import Localization
import TerminalUI

extension InteractiveSession {
  /// Sends a message in the conversation on screen, making the conversation first if this
  /// is its first message.
  func send(_ text: String) async {
    if dependencies.freeTier.remaining == 0 {
      replies.prefill = text
      replies.showUpgradeHint()
      replies.lastReplyFailed = true
      return
    }
    guard let chat = await currentOrNewChat() else { return }
    if chat.isSending { hint(L10n.Session.Replies.messageWaits) }
    await replies.followReply(in: chat) { await chat.send(text) }
  }
}
