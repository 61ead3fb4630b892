import AI
import Core
import FeatureChat
import Foundation
import Storage

/// What the session is looking at, shared by the command handlers that need it: the
/// conversation on screen, the persona and model of the next request, and the last list.
///
/// Each handler that changes one of these (a `/persona`, an `/open`, a `/delete`) changes it
/// here, so the others see it on their next command.
@MainActor
final class SessionFocus {
  /// The conversation on screen; `nil` until the first message of a new one.
  var chat: ChatViewModel?
  /// The stored form of the conversation on screen (title, persona, pin), kept fresh.
  var conversation: ConversationDTO?
  /// The persona of the next new conversation.
  var persona: Persona
  /// The model chosen with `--model`, `/model` or `/settings model`; `nil` uses the
  /// configured default.
  var model: ModelID?
  /// The conversations of the last `/chats` or `/search`, for `/open N`.
  var listing: [UUID] = []
  /// The model the provider's catalogue names as its default.
  let defaultModel: ModelID?

  init(persona: Persona, model: ModelID?, defaultModel: ModelID?) {
    self.persona = persona
    self.model = model
    self.defaultModel = defaultModel
  }

  /// The model new requests use.
  var modelName: String? {
    (chat?.model ?? model ?? defaultModel)?.rawValue
  }

  /// Forgets the conversation on screen and the last list (the account and its data went).
  func clear() {
    chat = nil
    conversation = nil
    listing = []
  }
}
