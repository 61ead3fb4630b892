import Core
import Observation

/// Loads a long list page by page, older items as the user scrolls towards them.
///
/// The seed's paginator, generic over what it loads so it serves messages (newest first,
/// by `MessageCursor`) and conversations alike. Items are counted in load order: index 0 is
/// the first item of the first page. `shouldLoadMore` asks for the next page once the user
/// is within `prefetchThreshold` items of the end of what is loaded, so the page usually
/// arrives before they reach it.
@MainActor @Observable
public final class InfinitePaginator<Item: Sendable, Cursor: Sendable> {
  /// Where the paginator is.
  public enum State: Equatable, Sendable {
    /// Ready to load the next page.
    case idle
    /// A page is loading.
    case loadingMore
    /// The last page was loaded; there is nothing older.
    case endReached
    /// The last load failed; `loadNext` tries the same page again.
    case error(AppError)
  }

  /// What a loader returns: a page of items and where the next page starts (`nil` at the
  /// end).
  public typealias Page = (items: [Item], next: Cursor?)

  /// Items per page (the seed's 50).
  public let pageSize: Int
  /// How close to the end of the loaded items a visible row triggers the next page (5).
  public let prefetchThreshold: Int
  /// The current state.
  public private(set) var state: State = .idle
  @ObservationIgnored private var cursor: Cursor?
  @ObservationIgnored private var generation = 0

  /// A paginator with the seed's defaults: pages of 50, prefetching 5 items early.
  public init(pageSize: Int = 50, prefetchThreshold: Int = 5) {
    self.pageSize = max(1, pageSize)
    self.prefetchThreshold = max(0, prefetchThreshold)
  }

  /// Whether showing the item at `visibleIndex` (in load order) of `totalCount` loaded
  /// items should load the next page: only when idle and within `prefetchThreshold` of the
  /// end.
  public func shouldLoadMore(visibleIndex: Int, totalCount: Int) -> Bool {
    state == .idle && visibleIndex >= totalCount - prefetchThreshold
  }

  /// Loads the next page with `loader`, which gets the cursor (`nil` for the first page)
  /// and the page size.
  ///
  /// Does nothing and returns an empty success while a page is loading or after the end.
  /// A failure moves to `.error` and returns the mapped `AppError`; cancellation returns
  /// `.failure(.cancelled)` and goes back to `.idle`. A `reset()` during the load discards
  /// its result.
  public func loadNext(
    using loader: (Cursor?, Int) async throws -> Page
  ) async -> Result<[Item], AppError> {
    switch state {
    case .loadingMore, .endReached: return .success([])
    case .idle, .error: break
    }
    state = .loadingMore
    let started = generation
    do {
      let page = try await loader(cursor, pageSize)
      guard started == generation else { return .success([]) }
      cursor = page.next
      state = page.next == nil ? .endReached : .idle
      return .success(page.items)
    } catch {
      let appError = AppError.from(error)
      guard started == generation else { return .failure(appError) }
      state = appError == .cancelled ? .idle : .error(appError)
      return .failure(appError)
    }
  }

  /// Forgets the cursor and starts again from the first page.
  public func reset() {
    generation += 1
    cursor = nil
    state = .idle
  }
}
