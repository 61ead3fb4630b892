#if canImport(Glibc)
  import Glibc

  /// Access-log lines an event loop collects during one wake-up and writes when the
  /// wake-up ends (or once 64 KiB wait): one `write(2)` per sink per wake-up instead of
  /// one per request, and no lock shared with the other loops per request. Only the
  /// loop's own thread touches it; the lines of answers made on tasks reach it through
  /// the loop's mailbox (`AccessLogForwarding`).
  final class AccessLogBatch {
    private var sinks: [FileDescriptorAccessLogSink] = []
    private var buffers: [[UInt8]] = []
    private var lineCounts: [Int] = []
    /// The time's text up to the second, shared by the lines of one second.
    private var second: AccessLog.Second? = AccessLog.Second(since1970: .min, text: [])
    private static let flushThreshold = 64 * 1024

    /// The batch of the calling thread while an event loop runs on it, else `nil`.
    static var current: AccessLogBatch? { slot.current }

    /// Makes `batch` the calling thread's (`nil`: none); the caller keeps it alive.
    static func install(_ batch: AccessLogBatch?) { slot.install(batch) }

    private static let slot = LoopThreadSlot<AccessLogBatch>()

    /// Appends one line (`write` adds its bytes, line feed included, and may use or renew
    /// the batch's text of the current second) for `sink`.
    func append(
      to sink: FileDescriptorAccessLogSink,
      _ write: (inout [UInt8], inout AccessLog.Second?) -> Void
    ) {
      let index: Int
      if let found = sinks.firstIndex(where: { $0 === sink }) {
        index = found
      } else {
        sinks.append(sink)
        buffers.append([])
        lineCounts.append(0)
        index = sinks.count - 1
      }
      write(&buffers[index], &second)
      lineCounts[index] += 1
      if buffers[index].count >= Self.flushThreshold { flush(index) }
    }

    /// Appends one whole line (its line feed included) made elsewhere, for `sink`.
    func append(line: [UInt8], to sink: FileDescriptorAccessLogSink) {
      append(to: sink) { bytes, _ in bytes += line }
    }

    /// Writes every waiting line, one `write(2)` per sink.
    func flush() {
      for index in sinks.indices where lineCounts[index] > 0 { flush(index) }
    }

    private func flush(_ index: Int) {
      let lines = lineCounts[index]
      buffers[index].withUnsafeBytes { sinks[index].write($0, lines: lines) }
      buffers[index].removeAll(keepingCapacity: buffers[index].capacity <= 4 * Self.flushThreshold)
      lineCounts[index] = 0
    }
  }

  /// The mailbox of the loop a task answers for, set while the task makes its answer (and
  /// streams its body): the access-log line of that answer is posted there, ahead of the
  /// answer or the stream's end, and joins the loop's batch. The message that carries the
  /// answer wakes the loop anyway, so the line costs no `write(2)` and no wake-up of its
  /// own (decision 201). A line posted to a loop that has stopped is written at once.
  enum AccessLogForwarding {
    @TaskLocal static var mailbox: LoopMailbox?
  }
#endif
