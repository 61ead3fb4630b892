import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on one file, shared by every process that opens the same path, held
/// from `acquire()` until the returned `Held` is released.
///
/// The lock is taken on a Dispatch thread, never on the cooperative pool: waiting for another
/// process to finish (a token refresh, seconds at worst) must not starve the caller's other
/// tasks. Each `acquire()` opens its own descriptor, so two holders in one process exclude
/// each other as two processes do. The kernel releases the lock when the process ends,
/// however it ends.
public struct FileLock: Sendable {
  /// The lock file; created (mode 0600) when missing.
  public let url: URL

  /// A lock on the file at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// A lock held until `release()` (or until the process ends).
  public final class Held: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit {
      close(descriptor)
    }

    /// Gives the lock up; calling it again does nothing harmful (the descriptor stays open
    /// until the value goes away).
    public func release() {
      _ = flock(descriptor, LOCK_UN)
    }
  }

  /// Waits until no other holder has the lock, then takes it.
  /// - Throws: `StorageError` when the lock file cannot be created or locked.
  public func acquire() async throws -> Held {
    let path = url.path
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(with: Result { try Self.lock(path) })
      }
    }
  }

  private static func lock(_ path: String) throws -> Held {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if descriptor < 0 { throw FileSecureStore.error(errno, "open lock \(lastComponent(path))") }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let code = errno
        close(descriptor)
        throw FileSecureStore.error(code, "lock \(lastComponent(path))")
      }
    }
    return Held(descriptor: descriptor)
  }

  private static func lastComponent(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }
}
