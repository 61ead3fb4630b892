/// A point in a scripted response where the server waits until the test says go.
///
/// Put `.gate(gate)` between two chunks; the server sends the first, marks the gate reached
/// and sends nothing more until `open()`. A test can therefore prove that a chunk reached the
/// client before the next one was even sent, without relying on timing.
///
/// ```swift
/// let gate = LoopbackGate()
/// server.route(.get, "/stream", .chunked([.text("a"), .gate(gate), .text("b")]))
/// // …read "a" from the client, check `gate.isOpen == false`, then:
/// gate.open()
/// ```
public final class LoopbackGate: Sendable {
  private struct State {
    var isOpen = false
    var timesReached = 0
  }

  /// A name for failure messages.
  public let name: String
  private let state = ObservedState(State())

  /// A closed gate.
  public init(_ name: String = "gate") {
    self.name = name
  }

  /// Lets the server continue past this gate, now and forever after.
  public func open() {
    state.update { $0.isOpen = true }
  }

  /// Whether `open()` was called.
  public var isOpen: Bool { state.read(\.isOpen) }

  /// Whether the server has arrived at this gate (it may have passed it since).
  public var isReached: Bool { state.read { $0.timesReached > 0 } }

  /// How many times a response arrived at this gate.
  public var timesReached: Int { state.read(\.timesReached) }

  /// Waits until the server arrives at this gate.
  /// - Throws: `LoopbackTimeout` after `timeout`, or `CancellationError`.
  public func waitUntilReached(timeout: Duration = .seconds(10)) async throws {
    _ = try await state.wait(
      until: { $0.timesReached > 0 }, timeout: timeout, what: "the server to reach \(name)")
  }

  func markReached() {
    state.update { $0.timesReached += 1 }
  }
}
