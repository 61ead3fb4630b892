import Core
import Foundation
import Localization
import Observation
import Storage

/// The conversation list: load, create, rename, delete, pin, archive and search.
///
/// Search works in two steps. Titles and persona names of the loaded conversations are
/// filtered in memory as the text changes (`filteredConversations`, instant). Then, after
/// a short pause in typing (`searchDelay`), the repository is asked for every conversation
/// whose title or persona matches (archived and not yet loaded ones too) and for messages
/// whose text matches (`messageResults`, with snippets).
@MainActor @Observable
public final class ChatHistoryViewModel {
  /// What the full-text message search is doing.
  public enum SearchState: Sendable, Equatable {
    /// No search text.
    case idle
    /// Waiting for typing to pause, or asking the repository.
    case searching
    /// The results for the current text (possibly none).
    case results([MessageSearchHit])
    /// The search failed.
    case failed(AppError)
  }

  /// The loaded conversations in list order: pinned first, then most recently updated.
  public internal(set) var conversations: [ConversationDTO] = []
  /// Whether the list has been read.
  public internal(set) var loadState: ChatViewModel.LoadState = .notLoaded
  /// The text typed in the search field; changing it filters at once and schedules the
  /// repository search.
  public var searchText = "" {
    didSet { if searchText != oldValue { searchTextChanged() } }
  }
  /// Conversations matching `searchText` by title or persona name (all of them when the
  /// text is blank), in list order.
  public internal(set) var repositoryMatches: [ConversationDTO] = []
  /// Messages matching `searchText`, best first.
  public internal(set) var messageResults: SearchState = .idle
  /// Whether archived conversations are listed.
  public internal(set) var showsArchived = false
  /// The last failed action, for an alert.
  public internal(set) var failure: ChatFailure?
  /// Loads the list page by page.
  public let paginator: InfinitePaginator<ConversationDTO, ConversationCursor>

  @ObservationIgnored let conversationRepository: any ConversationRepository
  @ObservationIgnored let messageRepository: any MessageRepository
  @ObservationIgnored let sessions: ChatSessions?
  @ObservationIgnored let clock: AppClock
  @ObservationIgnored let logger: AppLogger
  @ObservationIgnored var searchTask: Task<Void, Never>?
  /// How long typing must pause before the repository is searched.
  @ObservationIgnored public var searchDelay: Duration = .milliseconds(250)
  /// How many message hits a search returns.
  @ObservationIgnored public var messageResultLimit = 50

  /// A list over the repositories; `sessions` (when given) is closed for a conversation
  /// before it is deleted, so a streaming reply stops first.
  public init(
    conversations: any ConversationRepository, messages: any MessageRepository,
    sessions: ChatSessions? = nil, clock: AppClock, logger: AppLogger = .disabled,
    pageSize: Int = 50
  ) {
    self.conversationRepository = conversations
    self.messageRepository = messages
    self.sessions = sessions
    self.clock = clock
    self.logger = logger
    self.paginator = InfinitePaginator(pageSize: pageSize)
  }

  /// The seed's flag: the list is being read.
  public var isLoading: Bool { loadState == .loading || paginator.state == .loadingMore }

  /// The conversations to show for `searchText`: loaded ones whose title or persona name
  /// contains it (ignoring case and accents), plus the repository's matches once they
  /// arrive, in list order without duplicates. All loaded conversations when it is blank.
  public var filteredConversations: [ConversationDTO] {
    let needle = Self.folded(searchText.trimmingCharacters(in: .whitespacesAndNewlines))
    guard !needle.isEmpty else { return conversations }
    let local = conversations.filter { conversation in
      Self.folded(conversation.title).contains(needle)
        || conversation.personaName.map { Self.folded($0).contains(needle) } ?? false
    }
    let known = Set(local.map(\.id))
    let extra = repositoryMatches.filter { !known.contains($0.id) }
    return (local + extra).sorted(by: Self.listOrder)
  }

  /// Reads the first page of conversations (again).
  public func loadConversations() async {
    loadState = .loading
    paginator.reset()
    let result = await paginator.loadNext(using: pageLoader)
    switch result {
    case .success(let page):
      conversations = page
      loadState = .loaded
    case .failure(let error):
      loadState = .failed(error)
      logger.error("load conversations", error, category: .feature)
    }
  }

  /// Loads the next page when the row at `index` of `conversations` is near the end.
  public func conversationAppeared(at index: Int) async {
    guard paginator.shouldLoadMore(visibleIndex: index, totalCount: conversations.count) else {
      return
    }
    if case .success(let page) = await paginator.loadNext(using: pageLoader) {
      let known = Set(conversations.map(\.id))
      conversations += page.filter { !known.contains($0.id) }
    }
  }

  /// Shows or hides archived conversations and reloads.
  public func showArchivedToggled() async {
    showsArchived.toggle()
    await loadConversations()
  }

  private var pageLoader:
    (ConversationCursor?, Int) async throws ->
      InfinitePaginator<
        ConversationDTO, ConversationCursor
      >.Page
  {
    { [conversationRepository, showsArchived] cursor, limit in
      let page = try await conversationRepository.list(
        limit: limit, after: cursor, includeArchived: showsArchived)
      return (page, page.count < limit ? nil : page.last?.cursor)
    }
  }

  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The repositories' list order: pinned first, newest update first, then id.
  static func listOrder(_ lhs: ConversationDTO, _ rhs: ConversationDTO) -> Bool {
    if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
    if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
    return lhs.id.uuidString > rhs.id.uuidString
  }

  func fail(_ action: String, _ error: any Error) {
    let appError = AppError.from(error)
    logger.error(action, error, category: .feature)
    failure = ChatFailure(appError)
  }

  /// Replaces or inserts `conversation` in the list, in list order.
  func upsert(_ conversation: ConversationDTO) {
    conversations.removeAll { $0.id == conversation.id }
    guard showsArchived || !conversation.isArchived else { return }
    let index = conversations.firstIndex { Self.listOrder(conversation, $0) }
    conversations.insert(conversation, at: index ?? conversations.count)
  }

  /// Clears the alert.
  public func dismissFailure() {
    failure = nil
  }
}
