/// When the scheduler runs rounds besides the one at start.
public struct SyncSchedule: Sendable, Equatable {
  /// While the app is interactive, a round at least this often (8 s, seed 004's fallback
  /// refresh when change notifications are not available); any round resets the wait.
  public var fallbackInterval: Duration
  /// How long after the first local change of a burst the round starts, so the changes
  /// of a burst (a reply and its question, an import) go in one round.
  public var changeDelay: Duration
  /// The waits after failed rounds.
  public var backoff: SyncBackoff

  /// A schedule.
  public init(
    fallbackInterval: Duration = .seconds(8), changeDelay: Duration = .milliseconds(500),
    backoff: SyncBackoff = SyncBackoff()
  ) {
    self.fallbackInterval = fallbackInterval
    self.changeDelay = changeDelay
    self.backoff = backoff
  }
}
