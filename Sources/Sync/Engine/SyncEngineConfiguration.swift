/// The sizes of a round.
public struct SyncEngineConfiguration: Sendable, Equatable {
  /// Changes per push (at most 500, the server's bound; 200 by default).
  public var pushBatchSize: Int
  /// Rows per pull page (1 to 1,000, the server's bounds; 500 by default).
  public var pullPageSize: Int
  /// Pushes in one round at most; what is left waits for the next round, so a stream of
  /// local changes never keeps a round from pulling.
  public var maximumPushesPerRound: Int
  /// Pull pages in one round at most; the rest comes next round.
  public var maximumPagesPerRound: Int

  /// A configuration, clamped to the server's bounds.
  public init(
    pushBatchSize: Int = 200, pullPageSize: Int = 500, maximumPushesPerRound: Int = 100,
    maximumPagesPerRound: Int = 1000
  ) {
    self.pushBatchSize = min(max(pushBatchSize, 1), 500)
    self.pullPageSize = min(max(pullPageSize, 1), 1000)
    self.maximumPushesPerRound = max(maximumPushesPerRound, 1)
    self.maximumPagesPerRound = max(maximumPagesPerRound, 1)
  }
}
