/// How important a log record is. Records below a logger's minimum level are never formatted.
public enum LogLevel: Int, Comparable, CaseIterable, Codable, Sendable, CustomStringConvertible {
  /// Detail useful while developing; off by default.
  case debug = 0
  /// Normal operation worth recording.
  case info = 1
  /// Something notable that is not a failure: a fallback was chosen, a retry happened.
  case notice = 2
  /// A failure.
  case error = 3

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The lowercase name used in text and JSON output.
  public var description: String {
    switch self {
    case .debug: return "debug"
    case .info: return "info"
    case .notice: return "notice"
    case .error: return "error"
    }
  }

  /// Parses a level name (`debug`, `info`, `notice`, `error`; case-insensitive).
  public init?(name: String) {
    guard let level = Self.allCases.first(where: { $0.description == name.lowercased() }) else {
      return nil
    }
    self = level
  }
}
