/// An auth client that keeps a signed-in session alive on its own: it renews tokens ahead of
/// their expiry from launch, and must finish a renewal in flight before the process exits.
///
/// The composition root holds this capability beside the `AuthClient`, so starting and
/// stopping the session needs no cast to a concrete client. `SessionManager` is one; the
/// mock and development clients have no session to keep and are none.
public protocol SessionKeeping: Sendable {
  /// Starts keeping the session alive; later calls do nothing.
  func start() async
  /// Stops scheduling renewals and waits for any in flight, so rotated tokens are saved.
  func shutdown() async
}

extension SessionManager: SessionKeeping {}
