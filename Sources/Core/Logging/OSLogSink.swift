#if canImport(os)
  import os

  /// Forwards records to the unified logging system on Apple platforms, one `os.Logger` per
  /// category. Messages are already scrubbed, so they are logged as public.
  public final class OSLogSink: LogSink {
    public init() {}

    public func write(_ record: LogRecord) {
      let logger = Logger(subsystem: record.subsystem, category: record.category.rawValue)
      switch record.level {
      case .debug: logger.debug("\(record.message, privacy: .public)")
      case .info: logger.info("\(record.message, privacy: .public)")
      case .notice: logger.notice("\(record.message, privacy: .public)")
      case .error: logger.error("\(record.message, privacy: .public)")
      }
    }
  }
#endif
