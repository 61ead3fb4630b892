import Dispatch
import Foundation
import Synchronization

/// A serial executor that runs its jobs on one dedicated thread.
///
/// libpq blocks the calling thread for every round trip. A connection actor runs on this
/// executor, so those waits hold a thread of its own, never one of the few threads of Swift's
/// cooperative pool; callers simply `await` the actor. `package`, so other blocking clients in
/// the package (kiln-server's SQLite store) run the same way.
package final class ConnectionThread: SerialExecutor, Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var isStopping = false
  }

  private let state = Mutex(State())
  private let signal = DispatchSemaphore(value: 0)

  /// Starts the thread; it runs until `stop()`.
  package init(name: String) {
    let thread = Thread { [self] in self.run() }
    thread.name = name
    thread.start()
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    state.withLock { $0.jobs.append(unowned) }
    signal.signal()
  }

  package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Lets the thread finish the jobs it has and end.
  package func stop() {
    state.withLock { $0.isStopping = true }
    signal.signal()
  }

  private func run() {
    while true {
      signal.wait()
      let next = state.withLock { state -> (UnownedJob?, Bool) in
        if state.jobs.isEmpty { return (nil, state.isStopping) }
        return (state.jobs.removeFirst(), false)
      }
      if let job = next.0 {
        job.runSynchronously(on: asUnownedSerialExecutor())
      } else if next.1 {
        return
      }
    }
  }
}
