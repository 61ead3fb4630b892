import Core
import Testing

@Suite struct LoadableTests {
  @Test func valueLeadsToLoaded() async {
    let state = await Loadable<Int>.load { 42 }
    #expect(state == .loaded(42))
    #expect(state.value == 42)
    #expect(state.error == nil)
  }

  @Test func emptyCollectionLeadsToEmpty() async {
    let state = await Loadable<[Int]>.load { [] }
    #expect(state == .empty)
    #expect(state.value == nil)
  }

  @Test func nonEmptyCollectionLeadsToLoaded() async {
    #expect(await Loadable<[Int]>.load { [1, 2] } == .loaded([1, 2]))
  }

  @Test func failureLeadsToFailedWithTheMappedError() async {
    let state = await Loadable<Int>.load { throw AppError.unauthorized }
    #expect(state == .failed(.unauthorized))
    #expect(state.error == .unauthorized)
  }

  @Test func cancellationGoesBackToIdleNotFailed() async {
    let state = await Loadable<Int>.load { throw CancellationError() }
    #expect(state == .idle)
  }

  @Test func loadingReportsItself() {
    #expect(Loadable<Int>.loading.isLoading)
    #expect(!Loadable<Int>.idle.isLoading)
  }

  @Test func resultCatchingMapsErrors() async {
    let result = await ResultOrError<Int>.catching { throw CancellationError() }
    #expect(result == .failure(.cancelled))
  }
}

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("", "", 0), ("kitten", "sitting", 3), ("ask", "ask", 0), ("", "abc", 3), ("chats", "chat", 1),
  ])
  func distances(a: String, b: String, expected: Int) {
    #expect(a.editDistance(to: b) == expected)
    #expect(b.editDistance(to: a) == expected)
  }

  @Test func closestMatchRespectsTheLimit() {
    #expect("serch".closestMatch(in: ["search", "show"], maximumDistance: 2) == "search")
    #expect("xyz".closestMatch(in: ["search", "show"], maximumDistance: 2) == nil)
  }
}
