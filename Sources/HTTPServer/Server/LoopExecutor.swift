#if canImport(Glibc)
  /// Runs the jobs of tasks an event loop starts for routes that ask for it (decision 206)
  /// on that loop's own thread, between its socket events.
  ///
  /// Such a task starts without a thread hop, and its answer reaches the loop without a
  /// wake-up. When it waits (for the store, the upstream) the job that resumes it comes
  /// through the loop's mailbox, which wakes one thread that is likely awake already,
  /// instead of a worker of the shared pool and then the loop. A job the loop can no longer
  /// take (it has stopped) runs on the shared pool, so no task is left suspended for ever.
  final class LoopExecutor: TaskExecutor {
    private let mailbox: LoopMailbox

    init(mailbox: LoopMailbox) {
      self.mailbox = mailbox
    }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      if !mailbox.post(.job(job)) { globalConcurrentExecutor.enqueue(job) }
    }
  }
#endif
