import Foundation

/// One log entry as sinks receive it. The message has already been scrubbed of secrets.
public struct LogRecord: Equatable, Sendable {
  /// When the record was made, from the logger's injected clock.
  public var date: Date
  /// How important it is.
  public var level: LogLevel
  /// Where it comes from.
  public var category: LogCategory
  /// The scrubbed message.
  public var message: String
  /// The app's logging subsystem (a reverse-DNS name).
  public var subsystem: String

  public init(
    date: Date, level: LogLevel, category: LogCategory, message: String,
    subsystem: String = AppLogger.subsystem
  ) {
    self.date = date
    self.level = level
    self.category = category
    self.message = message
    self.subsystem = subsystem
  }
}
