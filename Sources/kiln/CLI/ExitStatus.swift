/// `kiln`'s exit statuses: what scripts can rely on.
enum ExitStatus: Int32, Sendable {
  /// Everything worked.
  case success = 0
  /// A failure at run time: network, provider, storage, a refused sign-in.
  case failure = 1
  /// A usage or configuration error: fix the command line or the configuration.
  case usage = 2
}
