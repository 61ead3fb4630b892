import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Flow control between the transfer and a slow consumer.
///
/// Each chunk handed to the body stream counts as buffered until the consumer takes it. Past
/// `bufferLimit` the task is suspended, which in corelibs takes its handle out of libcurl so
/// nothing more is read from the socket (and the server's writes block, as TCP intends); when
/// the consumer has drained half of it, the task resumes. While suspended the idle timeout
/// does not run: the silence is the consumer's, not the server's.
extension DataTaskHandler {
  /// Called by the body's iterator for every chunk the consumer took.
  func consumed(_ count: Int) {
    let resume = state.withLock { state -> URLSessionDataTask? in
      state.buffered = max(0, state.buffered - count)
      guard state.isSuspended, state.buffered <= bufferLimit / 2 else { return nil }
      state.isSuspended = false
      state.lastActivity = Self.uptime()
      return state.task
    }
    if let resume {
      control.async { resume.resume() }
      scheduleWatchdog()
    }
  }
}
