import Core
import Foundation
import Storage
import Synchronization
import Testing

/// A message repository that forwards to a real one, but can hold or fail chosen calls so
/// tests reach each phase of a send. A fault set for an append that never happens fails the
/// test when `ChatHarness.run` ends.
final class FaultyMessageRepository: MessageRepository {
  /// What happens to one kind of call.
  enum Fault: Sendable {
    /// The call waits for the gate, then runs.
    case hold(AsyncGate)
    /// The call throws.
    case fail(StorageError)
  }

  private struct State {
    var appendFaults: [Int: Fault] = [:]
    var updateFault: Fault?
    var appends = 0
  }

  private let base: any MessageRepository
  private let state = Mutex(State())

  init(_ base: any MessageRepository) { self.base = base }

  /// Applies `fault` to the `number`th append (1-based, counted from now on).
  func onAppend(_ number: Int, _ fault: Fault) {
    state.withLock { $0.appendFaults[$0.appends + number] = fault }
  }

  /// Records an issue for each append fault no append reached.
  func verifyAllUsed(sourceLocation: SourceLocation = #_sourceLocation) {
    let (pending, appends) = state.withLock { ($0.appendFaults.keys.sorted(), $0.appends) }
    for number in pending {
      let message =
        "FaultyMessageRepository: a fault for append \(number) was never reached "
        + "(\(appends) appends)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Applies `fault` to every update from now on (`nil` stops it).
  func onUpdate(_ fault: Fault?) {
    state.withLock { $0.updateFault = fault }
  }

  private func apply(_ fault: Fault?) async throws {
    switch fault {
    case .hold(let gate)?: await gate.wait()
    case .fail(let error)?: throw error
    case nil: break
    }
  }

  func append(_ message: MessageDTO) async throws -> MessageDTO {
    let fault = state.withLock { state -> Fault? in
      state.appends += 1
      return state.appendFaults.removeValue(forKey: state.appends)
    }
    try await apply(fault)
    return try await base.append(message)
  }

  func append(
    chain messages: [MessageDTO], after expectedTail: UUID?
  ) async throws
    -> [MessageDTO]
  {
    let fault = state.withLock { state -> Fault? in
      state.appends += 1
      return state.appendFaults.removeValue(forKey: state.appends)
    }
    try await apply(fault)
    return try await base.append(chain: messages, after: expectedTail)
  }

  func update(_ message: MessageDTO) async throws {
    try await apply(state.withLock { $0.updateFault })
    try await base.update(message)
  }

  func message(id: UUID) async throws -> MessageDTO? { try await base.message(id: id) }
  func deleteMessage(id: UUID) async throws { try await base.deleteMessage(id: id) }
  func insertMessages(_ messages: [MessageDTO]) async throws {
    try await base.insertMessages(messages)
  }
  func deleteMessages(ids: [UUID]) async throws { try await base.deleteMessages(ids: ids) }
  func page(
    conversationID: UUID, before: MessageCursor?, limit: Int
  ) async throws
    -> (items: [MessageDTO], next: MessageCursor?)
  {
    try await base.page(conversationID: conversationID, before: before, limit: limit)
  }
  func count(conversationID: UUID) async throws -> Int {
    try await base.count(conversationID: conversationID)
  }
  func allMessages(conversationID: UUID) async throws -> [MessageDTO] {
    try await base.allMessages(conversationID: conversationID)
  }
  func searchMessages(_ query: String, limit: Int) async throws -> [MessageSearchHit] {
    try await base.searchMessages(query, limit: limit)
  }
  func detachFromActivePath(messageID: UUID) async throws {
    try await base.detachFromActivePath(messageID: messageID)
  }
  func alternatives(to messageID: UUID) async throws -> [MessageDTO] {
    try await base.alternatives(to: messageID)
  }
  func activateBranch(messageID: UUID) async throws {
    try await base.activateBranch(messageID: messageID)
  }
  func markInterruptedMessages() async throws -> Int {
    try await base.markInterruptedMessages()
  }
}
