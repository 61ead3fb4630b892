import Foundation
import Testing

@testable import Auth

@Suite struct SharedRefreshTests {
  @Test func callersOfOneGenerationJoinTheFlightInsteadOfStartingAnother() async throws {
    var shared = SharedRefresh<String>()
    let gate = Gate()
    let started = shared.start(generation: 3) { _ in
      await gate.wait()
      return "renewed"
    }
    let joined = try #require(shared.flight(for: 3))
    #expect(joined.id == started.id)
    #expect(shared.flight(for: 4) == nil)
    gate.open()
    #expect(try await joined.task.value == "renewed")
  }

  @Test func theWorkIsToldItsFlightSoOnlyItsOwnEndClearsIt() async throws {
    var shared = SharedRefresh<Int>()
    let first = shared.start(generation: 1) { id in id }
    let second = shared.start(generation: 2) { id in id }
    #expect(try await first.task.value == first.id)
    #expect(first.id != second.id)
    shared.finished(first.id)
    #expect(shared.current?.id == second.id)
    shared.finished(second.id)
    #expect(shared.current == nil)
  }

  @Test func cancellingCancelsTheFlightAndForgetsIt() async {
    var shared = SharedRefresh<String>()
    let flight = shared.start(generation: 1) { _ in
      try await Task.sleep(for: .seconds(3_600))
      return "never"
    }
    shared.cancel()
    #expect(shared.current == nil)
    let result = await flight.task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }
}
