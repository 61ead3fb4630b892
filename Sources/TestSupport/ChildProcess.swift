import CTestPreflight
import Foundation
import Synchronization

/// Starts child processes for tests one at a time.
///
/// Swift Testing runs suites in parallel, and Foundation's `Process.run()` on Linux has been
/// seen to crash (a bad read inside `run()`) while another test started a process at the
/// same moment. Starting is quick; what the children do afterwards still overlaps.
public enum ChildProcess {
  private static let launching = Mutex(())

  /// How many tests Swift Testing runs at once in this process (`CTestPreflight` caps it
  /// before the tests start, so the descriptors they hold stay below what Foundation's
  /// `Process.run()` survives); 0 when the environment leaves it unlimited.
  public static var parallelizationWidth: Int { Int(kiln_test_parallelization_width()) }

  /// Runs `process.run()` while no other test is starting a process through this function.
  /// - Throws: what `Process.run()` throws.
  public static func start(_ process: Process) throws {
    try launching.withLock { _ in try process.run() }
  }

  /// Runs `body` (which starts a process some other way, such as `posix_spawn`) while no
  /// other test is starting one, for the same reason as `start(_:)`.
  public static func whileLaunching<Result>(_ body: () throws -> Result) rethrows -> Result {
    try launching.withLock { _ in try body() }
  }

  /// Reads `handle` to its end on a thread of its own, so a test waiting for a child's
  /// output never blocks one of the few threads Swift concurrency runs every test on.
  public static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
    }
  }

  /// Reads whatever `handle` has next (empty at its end) on a thread of its own.
  public static func readAvailable(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: handle.availableData) }.start()
    }
  }
}
