import Observation

/// Holds the selected theme, persists it through an injected store and tells observers.
///
/// SwiftUI observes `selected` through Observation; other code (the terminal renderer,
/// `DSColors`) subscribes with `changes()`. Assigning `selected` applies the theme at once.
/// Whether a premium theme may be chosen is decided by the settings view model, not here.
@MainActor
@Observable
public final class ThemeManager {
  /// The key the choice is stored under.
  public static let storageKey = "theme.selected"

  /// The current theme. Setting it persists the choice and notifies subscribers.
  public var selected: Theme {
    didSet {
      guard selected != oldValue else { return }
      store.set(selected.rawValue, forKey: Self.storageKey)
      for continuation in continuations.values { continuation.yield(selected) }
    }
  }

  @ObservationIgnored private let store: any KeyValueStore
  @ObservationIgnored private var continuations: [Int: AsyncStream<Theme>.Continuation] = [:]
  @ObservationIgnored private var nextSubscriberID = 0

  /// Loads the stored choice; an absent or unknown value selects `.system`.
  public init(store: any KeyValueStore) {
    self.store = store
    self.selected = store.string(forKey: Self.storageKey).flatMap(Theme.init(rawValue:)) ?? .system
  }

  /// A stream that yields the current theme at once and then every change.
  public func changes() -> AsyncStream<Theme> {
    let (stream, continuation) = AsyncStream<Theme>.makeStream(bufferingPolicy: .bufferingNewest(8))
    let id = nextSubscriberID
    nextSubscriberID += 1
    continuations[id] = continuation
    continuation.yield(selected)
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }
}
