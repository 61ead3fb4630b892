import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells whether this is the only running Kiln process using a data folder.
///
/// Every process holds a shared lock on `kiln.lock` while it runs. At launch a process first
/// tries for an exclusive lock: getting it proves no other process is running, so replies
/// left "streaming" can only be the remains of a crash and are safe to mark interrupted. The
/// lock is released by the kernel when the process ends, however it ends.
final class InstanceLock: Sendable {
  private let descriptor: Int32

  /// Opens (creating) the lock file; `nil` when the folder cannot hold one.
  init?(directory: URL) {
    let path = directory.appendingPathComponent("kiln.lock").path
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Takes the lock; returns whether this process is the only one (then it holds the lock
  /// shared afterwards, like every other process).
  func acquire() -> Bool {
    let alone = flock(descriptor, LOCK_EX | LOCK_NB) == 0
    // Downgrade (or wait for) the shared lock every running process holds.
    _ = flock(descriptor, LOCK_SH)
    return alone
  }
}
