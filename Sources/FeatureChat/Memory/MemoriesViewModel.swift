import Core
import Foundation
import Observation
import Storage

/// The list of remembered facts: list, add, edit, delete, forget all.
///
/// Facts reach every conversation's system prompt (within `ContextBudget.memoryTokens`);
/// `ChatViewModel` adds one when a message starts with "remember that …".
@MainActor @Observable
public final class MemoriesViewModel {
  /// The facts, newest first.
  public private(set) var memories: [MemoryDTO] = []
  /// Whether the list has been read.
  public private(set) var loadState: ChatViewModel.LoadState = .notLoaded
  /// The last failed action, for an alert.
  public private(set) var failure: ChatFailure?

  @ObservationIgnored private let repository: any MemoryRepository
  @ObservationIgnored private let logger: AppLogger

  /// A list over `repository`.
  public init(repository: any MemoryRepository, logger: AppLogger = .disabled) {
    self.repository = repository
    self.logger = logger
  }

  /// Reads the facts (again).
  public func load() async {
    loadState = .loading
    do {
      memories = try await repository.list()
      loadState = .loaded
    } catch {
      loadState = .failed(record("load memories", error).error)
    }
  }

  /// Adds a fact typed by the user; blank text is ignored. Returns the stored fact.
  @discardableResult
  public func addButtonTapped(_ text: String) async -> MemoryDTO? {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
    do {
      let memory = try await repository.add(text: text, source: .user)
      memories.insert(memory, at: 0)
      return memory
    } catch {
      record("add a memory", error)
      return nil
    }
  }

  /// Changes a fact's text; blank text is ignored.
  public func edit(id: UUID, text: String) async {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
    do {
      let memory = try await repository.edit(id: id, text: text)
      if let index = memories.firstIndex(where: { $0.id == id }) { memories[index] = memory }
    } catch {
      record("edit a memory", error)
    }
  }

  /// Forgets one fact.
  public func deleteButtonTapped(id: UUID) async {
    do {
      try await repository.delete(id: id)
      memories.removeAll { $0.id == id }
    } catch {
      record("delete a memory", error)
    }
  }

  /// Forgets every fact; stops at the first failure, keeping the ones not yet deleted.
  public func forgetAllButtonTapped() async {
    for memory in memories {
      do {
        try await repository.delete(id: memory.id)
        memories.removeAll { $0.id == memory.id }
      } catch {
        record("forget all memories", error)
        return
      }
    }
  }

  /// Clears the alert.
  public func dismissFailure() {
    failure = nil
  }

  @discardableResult
  private func record(_ action: String, _ error: any Error) -> ChatFailure {
    logger.error(action, error, category: .feature)
    let failure = ChatFailure(AppError.from(error))
    self.failure = failure
    return failure
  }
}
