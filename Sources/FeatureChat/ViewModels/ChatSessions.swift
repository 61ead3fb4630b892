import Foundation
import Observation
import Storage

/// The app's open conversations: one `ChatViewModel` per conversation, kept alive while it
/// streams so that switching the visible conversation never stops or moves a reply.
///
/// A screen asks for `viewModel(for:)` whenever it shows a conversation and gets the same
/// model each time; replies keep streaming in models that are not on screen. `close` stops
/// and forgets one conversation (call it before deleting it); `releaseIdle` forgets the
/// models with nothing in flight, except the ones still wanted.
@MainActor @Observable
public final class ChatSessions {
  /// Called when any conversation's message is blocked by the free tier: show the paywall.
  @ObservationIgnored public var onRequireSubscription: @MainActor () -> Void = {}
  /// Called when a conversation's stored form changed (for the history list).
  @ObservationIgnored public var onConversationUpdated: @MainActor (ConversationDTO) -> Void =
    { _ in }

  @ObservationIgnored private let makeModel: @MainActor (UUID) -> ChatViewModel
  private var models: [UUID: ChatViewModel] = [:]

  /// Sessions whose models `makeModel` builds, once per conversation id.
  public init(makeModel: @escaping @MainActor (_ conversationID: UUID) -> ChatViewModel) {
    self.makeModel = makeModel
  }

  /// The model of the conversation `conversationID`, made on first use.
  public func viewModel(for conversationID: UUID) -> ChatViewModel {
    if let model = models[conversationID] { return model }
    let model = makeModel(conversationID)
    model.onRequireSubscription = { [weak self] in self?.onRequireSubscription() }
    model.onConversationUpdated = { [weak self] conversation in
      self?.onConversationUpdated(conversation)
    }
    models[conversationID] = model
    return model
  }

  /// The conversations whose model is sending or streaming right now.
  public var busyConversationIDs: Set<UUID> {
    Set(models.values.filter(\.isSending).map(\.conversationID))
  }

  /// The conversations that have a model.
  public var openConversationIDs: Set<UUID> { Set(models.keys) }

  /// Stops the conversation's reply, drops its queued messages, forgets its model, and
  /// returns once the stopped reply has been stored.
  public func close(_ conversationID: UUID) async {
    guard let model = models.removeValue(forKey: conversationID) else { return }
    model.close()
    await model.waitUntilIdle()
  }

  /// Forgets every model with nothing in flight or queued, except those in `keeping`.
  public func releaseIdle(keeping: Set<UUID> = []) {
    for (id, model) in models
    where !keeping.contains(id) && !model.isSending && model.queuedMessages.isEmpty {
      models.removeValue(forKey: id)
    }
  }
}
