import Core
import Foundation
import Localization
import Storage

extension ChatHistoryViewModel {
  /// Creates a conversation titled "New Chat" (localized) with `persona`, adds it to the
  /// list and returns it; `nil` when storing failed (see `failure`). Its title is derived
  /// from its first message when that is sent.
  @discardableResult
  public func createNewConversation(
    persona: Persona = PersonaCatalogue.defaultPersona
  ) async -> ConversationDTO? {
    do {
      let conversation = try await conversationRepository.create(
        title: L10n.Chat.defaultTitle, personaName: persona.displayName,
        personaID: persona.id.rawValue)
      upsert(conversation)
      return conversation
    } catch {
      fail("create a conversation", error)
      return nil
    }
  }

  /// Renames a conversation; a blank title is ignored.
  public func renameConversation(id: UUID, newTitle: String) async {
    let title = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { return }
    await change(id, "rename a conversation") {
      try await $0.rename(id: id, title: title)
    }
  }

  /// Deletes a conversation and its messages, stopping its reply first.
  public func deleteConversation(id: UUID) async {
    await sessions?.close(id)
    do {
      try await conversationRepository.delete(id: id)
      conversations.removeAll { $0.id == id }
      repositoryMatches.removeAll { $0.id == id }
    } catch {
      fail("delete a conversation", error)
    }
  }

  /// Pins or unpins a conversation (pinned ones list first).
  public func setPinned(id: UUID, _ isPinned: Bool) async {
    await change(id, "pin a conversation") { try await $0.setPinned(id: id, isPinned) }
  }

  /// Archives or restores a conversation (archived ones leave the list unless
  /// `showsArchived`).
  public func setArchived(id: UUID, _ isArchived: Bool) async {
    await change(id, "archive a conversation") { try await $0.setArchived(id: id, isArchived) }
  }

  /// Updates the row of a conversation that changed elsewhere (a chat derived its title,
  /// or a new message moved it up); wire it to `ChatSessions.onConversationUpdated`.
  public func conversationDidChange(_ conversation: ConversationDTO) {
    upsert(conversation)
    if let index = repositoryMatches.firstIndex(where: { $0.id == conversation.id }) {
      repositoryMatches[index] = conversation
    }
  }

  private func change(
    _ id: UUID, _ action: String,
    _ operation: (any ConversationRepository) async throws -> Void
  ) async {
    do {
      try await operation(conversationRepository)
      guard let updated = try await conversationRepository.get(id: id) else {
        conversations.removeAll { $0.id == id }
        return
      }
      conversationDidChange(updated)
    } catch {
      fail(action, error)
    }
  }

  // MARK: - Search

  /// Searches the repository now, without waiting for typing to pause (a terminal's
  /// `/search`).
  public func searchSubmitted() async {
    searchTask?.cancel()
    await runRepositorySearch(for: searchText)
  }

  /// Filters at once (through `filteredConversations`) and schedules the repository
  /// search after `searchDelay`, cancelling the one scheduled before.
  func searchTextChanged() {
    searchTask?.cancel()
    let text = searchText
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      repositoryMatches = []
      messageResults = .idle
      return
    }
    messageResults = .searching
    searchTask = Task { [clock, searchDelay] in
      do {
        try await clock.sleep(searchDelay)
      } catch {
        return  // Typing continued: a newer search replaced this one.
      }
      await self.runRepositorySearch(for: text)
    }
  }

  private func runRepositorySearch(for text: String) async {
    let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty else {
      repositoryMatches = []
      messageResults = .idle
      return
    }
    messageResults = .searching
    do {
      let titles = try await conversationRepository.search(query, limit: messageResultLimit)
      guard text == searchText else { return }
      repositoryMatches = titles
    } catch {
      logger.error("search conversation titles", error, category: .feature)
    }
    do {
      let hits = try await messageRepository.searchMessages(query, limit: messageResultLimit)
      guard text == searchText else { return }
      messageResults = .results(hits)
    } catch {
      guard text == searchText else { return }
      let appError = AppError.from(error)
      // A query of only punctuation has no words to match: no results, not a failure.
      messageResults = appError.code == "validation" ? .results([]) : .failed(appError)
    }
  }
}
