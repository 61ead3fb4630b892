import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Ends what `kiln-bench sync` started when it is interrupted (Ctrl-C, `kill`). kiln-server
/// runs in a process group of its own (Foundation's `Process` puts it there), so the
/// terminal's SIGINT never reaches it, and no `defer` runs when a signal ends kiln-bench: so
/// SIGINT and SIGTERM stop the watched processes, remove the watched folders, then exit. The
/// throwaway PostgreSQL needs nothing here: it stops when kiln-bench's process ends, however
/// it ends.
enum SyncBenchmarkInterruption {
  private struct Watched {
    var processes: Set<Int32> = []
    var folders: Set<String> = []
  }

  private static let watched = Mutex(Watched())
  private static let sources = Mutex<[any DispatchSourceSignal]>([])

  /// Handles SIGINT and SIGTERM from now on (once; later calls change nothing).
  static func install() {
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { stopEverything(after: number) }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Stops `pid` with SIGTERM if kiln-bench is interrupted before `forget(process:)`.
  static func watch(process pid: Int32) {
    watched.withLock { _ = $0.processes.insert(pid) }
  }

  /// `pid` has been stopped.
  static func forget(process pid: Int32) {
    watched.withLock { _ = $0.processes.remove(pid) }
  }

  /// Removes `path` if kiln-bench is interrupted before `forget(folder:)`.
  static func watch(folder path: String) {
    watched.withLock { _ = $0.folders.insert(path) }
  }

  /// `path` has been removed.
  static func forget(folder path: String) {
    watched.withLock { _ = $0.folders.remove(path) }
  }

  private static func stopEverything(after number: Int32) -> Never {
    let now = watched.withLock { $0 }
    for pid in now.processes { kill(pid, SIGTERM) }
    // Up to 2 s for them to end, so nothing writes into a folder being removed.
    for _ in 0..<200 where now.processes.contains(where: { kill($0, 0) == 0 }) {
      usleep(10_000)
    }
    for folder in now.folders { try? FileManager.default.removeItem(atPath: folder) }
    FileHandle.standardError.write(
      Data("kiln-bench: interrupted; stopped kiln-server and removed the temporary files\n".utf8))
    exit(128 + number)
  }
}
