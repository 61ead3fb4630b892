import Synchronization

/// Charging admissions that have asked for the SQLite store's thread and are not judged yet
/// (decision 199, a group commit for admissions).
///
/// Each admission still takes its own turn on the thread. The first turn to come judges
/// every admission waiting by then (at most `maximumBatch`, oldest first) in one
/// `BEGIN IMMEDIATE` transaction, in the order they asked, so each one sees the counts the
/// ones before it wrote and a limit holds exactly as it does one at a time. The later turns
/// find their decision made and return it without touching the file. A lone admission costs
/// what it did before; a busy server pays one transaction's locks, WAL frames and commit
/// for many admissions instead of one each.
final class PendingAdmissions: Sendable {
  /// One admission waiting for its decision.
  final class Entry: Sendable {
    let request: AdmissionRequest
    private let outcome = Mutex<Result<AdmissionDecision, ServerStoreError>?>(nil)

    init(_ request: AdmissionRequest) {
      self.request = request
    }

    /// The decision (or the failure) once a batch has judged the admission.
    var decided: Result<AdmissionDecision, ServerStoreError>? {
      outcome.withLock { $0 }
    }

    func decide(_ result: Result<AdmissionDecision, ServerStoreError>) {
      outcome.withLock { $0 = result }
    }
  }

  private let waiting = Mutex<[Entry]>([])
  /// The most admissions one transaction judges.
  let maximumBatch: Int

  init(maximumBatch: Int = 64) {
    self.maximumBatch = max(1, maximumBatch)
  }

  /// Queues `request`; the caller then takes its turn on the store's thread.
  func add(_ request: AdmissionRequest) -> Entry {
    let entry = Entry(request)
    waiting.withLock { $0.append(entry) }
    return entry
  }

  /// The oldest waiting admissions, at most `maximumBatch`, no longer waiting.
  func takeBatch() -> [Entry] {
    waiting.withLock { waiting in
      let count = min(maximumBatch, waiting.count)
      defer { waiting.removeFirst(count) }
      return Array(waiting[0..<count])
    }
  }

  /// How many admissions wait (for tests).
  var count: Int { waiting.withLock { $0.count } }
}
