import Synchronization

/// Keeps records in memory: for tests that assert what was logged, and for an in-app log view.
public final class InMemoryLogSink: LogSink {
  private let storage = Mutex<[LogRecord]>([])

  public init() {}

  public func write(_ record: LogRecord) {
    storage.withLock { $0.append(record) }
  }

  /// Every record written so far, oldest first.
  public var records: [LogRecord] { storage.withLock { $0 } }

  /// The messages of every record written so far.
  public var messages: [String] { records.map(\.message) }

  /// Everything written, one record per line, for searching in tests.
  public var text: String {
    records.map { "\($0.level) [\($0.category)] \($0.message)" }.joined(separator: "\n")
  }

  /// Forgets every record.
  public func removeAll() {
    storage.withLock { $0.removeAll() }
  }
}
