import Core
import FeatureChat
import Testing

@MainActor @Suite struct InfinitePaginatorTests {
  /// Pages over `0..<count` (newest first) with an offset cursor, recording every call.
  final class Source {
    let count: Int
    var calls: [Int?] = []
    var failure: (any Error)?

    init(count: Int) { self.count = count }

    func load(cursor: Int?, limit: Int) throws -> (items: [Int], next: Int?) {
      calls.append(cursor)
      if let failure { throw failure }
      let start = cursor ?? 0
      let end = min(count, start + limit)
      return (Array(start..<end), end < count ? end : nil)
    }
  }

  @Test(arguments: [(0, 1), (1, 1), (49, 1), (50, 1), (51, 2), (100, 2), (101, 3), (120, 3)])
  func pagesOfFiftyReachTheEndAtTheRightPage(count: Int, expectedLoads: Int) async {
    let source = Source(count: count)
    let paginator = InfinitePaginator<Int, Int>()
    var items: [Int] = []
    while paginator.state != .endReached {
      guard case .success(let page) = await paginator.loadNext(using: source.load) else {
        Issue.record("load failed")
        return
      }
      #expect(page.count <= 50)
      items += page
    }
    #expect(items == Array(0..<count))
    #expect(source.calls.count == expectedLoads)
    #expect(await paginator.loadNext(using: source.load) == .success([]))
    #expect(source.calls.count == expectedLoads, "loaded after the end")
  }

  @Test func theSecondPageStartsAtTheFirstPagesCursor() async {
    let source = Source(count: 120)
    let paginator = InfinitePaginator<Int, Int>()
    _ = await paginator.loadNext(using: source.load)
    _ = await paginator.loadNext(using: source.load)
    #expect(source.calls == [nil, 50])
    #expect(paginator.state == .idle)
  }

  @Test func prefetchStartsFiveItemsBeforeTheEnd() async {
    let paginator = InfinitePaginator<Int, Int>()
    #expect(!paginator.shouldLoadMore(visibleIndex: 44, totalCount: 50))
    #expect(paginator.shouldLoadMore(visibleIndex: 45, totalCount: 50))
    #expect(paginator.shouldLoadMore(visibleIndex: 49, totalCount: 50))
    _ = await paginator.loadNext(using: Source(count: 3).load)
    #expect(paginator.state == .endReached)
    #expect(!paginator.shouldLoadMore(visibleIndex: 2, totalCount: 3))
  }

  @Test func aFailureIsReportedAndTheSamePageIsTriedAgain() async {
    let source = Source(count: 120)
    let paginator = InfinitePaginator<Int, Int>()
    _ = await paginator.loadNext(using: source.load)
    source.failure = AppError.network(code: -1009, message: "Offline")
    let failed = await paginator.loadNext(using: source.load)
    #expect(failed == .failure(.network(code: -1009, message: "Offline")))
    #expect(paginator.state == .error(.network(code: -1009, message: "Offline")))
    #expect(!paginator.shouldLoadMore(visibleIndex: 49, totalCount: 50))
    source.failure = nil
    let retried = await paginator.loadNext(using: source.load)
    #expect(retried == .success(Array(50..<100)))
    #expect(source.calls == [nil, 50, 50])
  }

  @Test func cancellationIsNotAnErrorState() async {
    let source = Source(count: 120)
    source.failure = CancellationError()
    let paginator = InfinitePaginator<Int, Int>()
    #expect(await paginator.loadNext(using: source.load) == .failure(.cancelled))
    #expect(paginator.state == .idle)
  }

  @Test func aSecondLoadWhileOneIsRunningDoesNothing() async {
    let gate = AsyncGate()
    let paginator = InfinitePaginator<Int, Int>()
    var calls = 0
    let first = Task {
      await paginator.loadNext { cursor, limit in
        calls += 1
        await gate.wait()
        return (Array(0..<limit), limit)
      }
    }
    #expect(await gate.waitForArrivals())
    #expect(paginator.state == .loadingMore)
    let second = await paginator.loadNext { _, _ in
      Issue.record("a second page was requested while one was loading")
      return ([], nil)
    }
    #expect(second == .success([]))
    gate.open()
    #expect(await first.value == .success(Array(0..<50)))
    #expect(calls == 1)
  }

  @Test func resetDuringALoadDiscardsItsResultAndStartsOver() async {
    let gate = AsyncGate()
    let paginator = InfinitePaginator<Int, Int>()
    let stale = Task {
      await paginator.loadNext { _, _ in
        await gate.wait()
        return ([1, 2, 3], nil)
      }
    }
    #expect(await gate.waitForArrivals())
    paginator.reset()
    gate.open()
    #expect(await stale.value == .success([]))
    #expect(paginator.state == .idle)
    let source = Source(count: 10)
    _ = await paginator.loadNext(using: source.load)
    #expect(source.calls == [nil])
  }
}
