import Core
import Foundation
import Storage

/// Pages of one conversation's active path, newest first in storage and shown oldest first:
/// the newest page on opening, older ones as the user scrolls back.
@MainActor
final class ConversationPages {
  /// Loads the pages and says whether more remain.
  let paginator: InfinitePaginator<MessageDTO, MessageCursor>
  private let conversationID: UUID
  private let messages: any MessageRepository

  init(
    conversationID: UUID, messages: any MessageRepository, pageSize: Int,
    prefetchThreshold: Int
  ) {
    self.conversationID = conversationID
    self.messages = messages
    paginator = InfinitePaginator(pageSize: pageSize, prefetchThreshold: prefetchThreshold)
  }

  /// Whether storage holds messages older than the loaded pages.
  var hasOlderPages: Bool { paginator.state != .endReached }

  /// Forgets the loaded pages and reads the newest one, oldest first.
  /// - Throws: `AppError` when it cannot be read.
  func newestPage() async throws -> [ChatMessage] {
    paginator.reset()
    return try await paginator.loadNext(using: pageLoader).get().reversed().map(ChatMessage.init)
  }

  /// Whether the message at `index` of the `count` shown (oldest first) is close enough to
  /// the oldest one that the next older page should load.
  func shouldLoadOlder(appearedAt index: Int, count: Int) -> Bool {
    // The paginator counts in load order: newest is 0.
    paginator.shouldLoadMore(visibleIndex: count - 1 - index, totalCount: count)
  }

  /// The next older page, oldest first, without the messages in `known`; empty when there
  /// is none or it failed (the paginator's state says which, and the next call retries).
  func olderPage(excluding known: Set<UUID>) async -> [ChatMessage] {
    guard case .success(let page) = await paginator.loadNext(using: pageLoader) else {
      return []
    }
    return page.reversed().filter { !known.contains($0.id) }.map(ChatMessage.init)
  }

  private var pageLoader:
    (MessageCursor?, Int) async throws -> InfinitePaginator<MessageDTO, MessageCursor>.Page
  {
    { [messages, conversationID] cursor, limit in
      try await messages.page(conversationID: conversationID, before: cursor, limit: limit)
    }
  }
}
