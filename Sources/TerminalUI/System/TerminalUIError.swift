import Core

/// Failures of the terminal layer.
public enum TerminalUIError: Error, Hashable, Sendable, AppErrorConvertible {
  /// The descriptor is not a terminal, so it has no modes to change.
  case notATerminal(descriptor: Int32)
  /// A system call failed with `errno`.
  case systemCall(name: String, errno: Int32)

  /// The user-facing error: the terminal layer fails only in ways the user cannot fix, so
  /// the detail goes to logs.
  public var appError: AppError {
    switch self {
    case .notATerminal(let descriptor):
      return .unknown("descriptor \(descriptor) is not a terminal")
    case .systemCall(let name, let errno):
      return .unknown("\(name) failed with errno \(errno)")
    }
  }
}
