import Foundation

/// Kiln's logger: levels, categories, pluggable sinks and automatic scrubbing of secrets.
///
/// A value type that is passed to whatever logs, never a global. Messages are autoclosures,
/// so a record below `minimumLevel` costs nothing. Every accepted message is scrubbed by a
/// `Redactor` before any sink sees it; use `AppLogger.redacted(_:)` for values that are
/// sensitive but do not look like a known secret (message bodies, names).
public struct AppLogger: Sendable {
  /// The shared subsystem name, also used for `os.Logger` on Apple platforms.
  public static let subsystem = "dev.kiln.app"

  /// A logger that drops everything.
  public static let disabled = AppLogger(minimumLevel: .error, sinks: [])

  /// Records below this level are dropped before formatting.
  public let minimumLevel: LogLevel
  private let sinks: [any LogSink]
  private let now: @Sendable () -> Date
  private let redactor: Redactor

  /// Creates a logger.
  /// - Parameters:
  ///   - minimumLevel: the lowest level written.
  ///   - sinks: where records go; an empty list disables logging.
  ///   - now: the clock that stamps records.
  public init(
    minimumLevel: LogLevel = .info,
    sinks: [any LogSink],
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.minimumLevel = minimumLevel
    self.sinks = sinks
    self.now = now
    self.redactor = Redactor()
  }

  /// Replaces a sensitive value with a fixed placeholder. Use it for values that are secret
  /// by nature but have no recognisable shape, such as message text or a user's name.
  public static func redacted(_ value: String) -> String {
    Redactor.placeholder
  }

  /// Replaces a sensitive value with a placeholder that keeps its length, for debugging
  /// without revealing the content.
  public static func redacted(_ value: String, keepingLength: Bool) -> String {
    keepingLength ? "\(Redactor.placeholder)(\(value.count) chars)" : Redactor.placeholder
  }

  /// Whether a record at `level` would be written.
  public func isEnabled(_ level: LogLevel) -> Bool {
    !sinks.isEmpty && level >= minimumLevel
  }

  /// Writes a record to every sink if `level` is enabled, after scrubbing secrets.
  public func log(
    _ level: LogLevel, _ message: @autoclosure () -> String, category: LogCategory
  ) {
    guard isEnabled(level) else { return }
    let record = LogRecord(
      date: now(), level: level, category: category, message: redactor.scrub(message()))
    for sink in sinks { sink.write(record) }
  }

  /// Logs at `.debug`.
  public func debug(_ message: @autoclosure () -> String, category: LogCategory) {
    log(.debug, message(), category: category)
  }

  /// Logs at `.info`.
  public func info(_ message: @autoclosure () -> String, category: LogCategory) {
    log(.info, message(), category: category)
  }

  /// Logs at `.notice`.
  public func notice(_ message: @autoclosure () -> String, category: LogCategory) {
    log(.notice, message(), category: category)
  }

  /// Logs at `.error`.
  public func error(_ message: @autoclosure () -> String, category: LogCategory) {
    log(.error, message(), category: category)
  }

  /// Logs an error with its technical detail (from `AppError.diagnose`) at `.error`.
  public func error(
    _ operation: String, _ error: any Error, category: LogCategory
  ) {
    guard isEnabled(.error) else { return }
    let diagnosis = AppError.diagnose(error)
    log(
      .error, "\(operation) failed: \(diagnosis.error.code): \(diagnosis.detail)",
      category: category)
  }
}
