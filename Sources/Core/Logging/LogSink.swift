/// A destination for log records: standard error, a JSON-lines file, `os.Logger`, memory.
///
/// Sinks receive records that are already filtered by level and scrubbed of secrets. They
/// must be safe to call from any thread and must not throw: a sink that cannot write counts
/// the loss instead.
public protocol LogSink: Sendable {
  /// Writes one record.
  func write(_ record: LogRecord)
}
