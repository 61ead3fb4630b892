/// `kiln`'s exit statuses: what scripts can rely on.
enum ExitStatus: Int32, Sendable {
  /// Everything worked.
  case success = 0
  /// A failure at run time: network, provider, storage, a refused sign-in.
  case failure = 1
  /// A usage or configuration error: fix the command line or the configuration.
  case usage = 2
  /// Stopped by SIGHUP (128 + 1), as shells report it.
  case hangUp = 129
  /// Stopped by SIGINT (128 + 2).
  case interrupted = 130
  /// Stopped by SIGTERM (128 + 15).
  case terminated = 143

  /// The status for a run stopped by `signal`, as shells report it (128 + its number).
  static func stopped(by signal: Int32) -> ExitStatus {
    ExitStatus(rawValue: 128 + signal) ?? .failure
  }
}
