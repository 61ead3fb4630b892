import Observation

/// Counts how many times the observable properties `read` touches change, re-arming the
/// observation after each change so none is missed.
@MainActor
final class ObservationCounter {
  private(set) var changes = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.changes += 1
        self.track()
      }
    }
  }
}
