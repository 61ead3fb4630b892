import Storage

/// What one round moved.
public struct SyncRoundReport: Sendable, Equatable {
  /// Changes pushed.
  public var pushed = 0
  /// Pushed changes the server took whole.
  public var applied = 0
  /// Pushed changes the server merged with newer values.
  public var merged = 0
  /// Pushed changes that changed nothing on the server.
  public var stale = 0
  /// Rows pulled.
  public var pulled = 0
  /// Rows stored or updated on this device, from push answers and pulls.
  public var stored = 0
  /// Rows deleted on this device by pulled tombstones.
  public var deleted = 0
  /// Rows left alone because a newer local change to them waits.
  public var skipped = 0
  /// Messages kept aside until their conversation arrives.
  public var parked = 0
  /// Request body bytes.
  public var bytesSent = 0
  /// Reply body bytes.
  public var bytesReceived = 0
  /// How long the round took by the engine's clock.
  public var duration: Duration = .zero

  /// An empty report.
  public init() {}

  /// Adds what the journal did with a page or a push answer.
  mutating func add(_ applied: SyncApplyReport) {
    stored += applied.stored
    deleted += applied.deleted
    skipped += applied.skipped
    parked += applied.parked
  }

  /// Adds one push's results.
  mutating func add(_ results: [SyncPushResult]) {
    pushed += results.count
    for result in results {
      switch result.status {
      case .applied: self.applied += 1
      case .merged: merged += 1
      case .stale: stale += 1
      }
    }
  }

  /// Adds the bytes of one call.
  mutating func add<Value>(_ exchange: SyncExchange<Value>) {
    bytesSent += exchange.bytesSent
    bytesReceived += exchange.bytesReceived
  }
}

extension SyncRoundReport: CustomStringConvertible {
  /// Counts only, for logs.
  public var description: String {
    "pushed \(pushed) (applied \(applied), merged \(merged), stale \(stale)), pulled \(pulled), "
      + "stored \(stored), deleted \(deleted), skipped \(skipped), parked \(parked), "
      + "\(bytesSent) B sent, \(bytesReceived) B received"
  }
}
