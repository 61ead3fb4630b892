/// The sizes of a round.
public struct SyncEngineConfiguration: Sendable, Equatable {
  /// Changes per push (at most 500, the server's bound, which is the default: a first sync
  /// of 10,000 messages took 1.3 s in 20 pushes on PostgreSQL and 1.7 s in 50; decision 181).
  public var pushBatchSize: Int
  /// Request-body bytes per push (8 MiB by default): a batch whose JSON is larger goes as
  /// several smaller pushes, so long messages never meet the server's body limit
  /// (kiln-server's `SYNC_MAX_BODY_BYTES`, 32 MiB by default). One change is always sent,
  /// whatever its size.
  public var maximumPushBytes: Int
  /// Rows per pull page (1 to 1,000, the server's bounds; 500 by default).
  public var pullPageSize: Int
  /// Pushes in one round at most; what is left waits for the next round, so a stream of
  /// local changes never keeps a round from pulling.
  public var maximumPushesPerRound: Int
  /// Pull pages in one round at most; the rest comes next round.
  public var maximumPagesPerRound: Int

  /// A configuration, clamped to the server's bounds.
  public init(
    pushBatchSize: Int = 500, pullPageSize: Int = 500, maximumPushesPerRound: Int = 100,
    maximumPagesPerRound: Int = 1000, maximumPushBytes: Int = 8 * 1024 * 1024
  ) {
    self.pushBatchSize = min(max(pushBatchSize, 1), 500)
    self.maximumPushBytes = max(maximumPushBytes, 1)
    self.pullPageSize = min(max(pullPageSize, 1), 1000)
    self.maximumPushesPerRound = max(maximumPushesPerRound, 1)
    self.maximumPagesPerRound = max(maximumPagesPerRound, 1)
  }
}
