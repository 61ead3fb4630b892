#if canImport(Glibc)
  import Glibc

  /// A pipe that wakes a thread waiting in epoll on its read end: other threads write a byte
  /// in (`wake()`), the woken thread empties it (`drain()`). Both ends are non-blocking and
  /// closed on exec. The HTTP server's loop mailboxes and the connection pool's libcurl
  /// thread wake through one each.
  package struct WakePipe: Sendable {
    /// Why the pipe could not be made: `pipe(2)`'s `errno`.
    package struct Failure: Error, Sendable {
      package let code: Int32
    }

    /// The end the waiting thread watches and drains.
    package let reader: Int32
    /// The end other threads write to.
    package let writer: Int32

    /// A new pipe.
    /// - Throws: `Failure` when the process has no descriptors left.
    package init() throws(Failure) {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw Failure(code: errno) }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      }
      reader = ends[0]
      writer = ends[1]
    }

    /// Wakes the thread (a full pipe means it is woken already).
    package func wake() {
      var byte: UInt8 = 1
      _ = write(writer, &byte, 1)
    }

    /// Empties the pipe. Callers write only when a wake-up is needed, so one read almost
    /// always empties it; bytes left behind would only wake the thread once more (epoll is
    /// level-triggered), never lose anything.
    package func drain() {
      withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { scratch in
        while read(reader, scratch.baseAddress, scratch.count) == scratch.count {}
      }
    }

    /// Closes both ends.
    package func close() {
      Glibc.close(reader)
      Glibc.close(writer)
    }
  }
#endif
