import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a descriptor on its own thread and decodes key events until end of input or
/// `stop()`.
///
/// The thread waits in `poll` on the input and on a private wake-up pipe, so `stop()` ends
/// it at once without closing the input. When the decoder holds a lone ESC, the wait times
/// out after `escapeTimeout` milliseconds and the ESC becomes the Escape key.
final class KeyReader: Sendable {
  let input: Int32
  let escapeTimeout: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32

  /// A reader for `input`.
  ///
  /// - Throws: `TerminalUIError.systemCall` when the wake-up pipe cannot be made.
  init(input: Int32, escapeTimeout: Int32 = 50) throws {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw TerminalUIError.systemCall(name: "pipe", errno: errno)
    }
    self.input = input
    self.escapeTimeout = escapeTimeout
    wakeRead = descriptors[0]
    wakeWrite = descriptors[1]
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Starts the thread; `deliver` gets each batch of events on it, `finished` runs once
  /// when it ends.
  func start(
    deliver: @escaping @Sendable ([KeyEvent]) -> Void,
    finished: @escaping @Sendable () -> Void
  ) {
    let thread = Thread { [self] in
      run(deliver: deliver)
      finished()
    }
    thread.name = "kiln.terminal.keys"
    thread.start()
  }

  /// Asks the thread to end; safe to call more than once and from any thread.
  func stop() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func run(deliver: @Sendable ([KeyEvent]) -> Void) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let readable = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)
    while true {
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = decoder.needsFlushAfterTimeout ? escapeTimeout : -1
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if ready == 0 {
        deliverIfAny(decoder.flush(), deliver)
        continue
      }
      if descriptors[1].revents != 0 { return }
      if descriptors[0].revents & Int16(POLLNVAL) != 0 { return }
      guard descriptors[0].revents & readable != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count > 0 {
        deliverIfAny(decoder.decode(buffer[0..<count]), deliver)
      } else if count == 0 {
        deliverIfAny(decoder.finish(), deliver)
        return
      } else if errno != EINTR && errno != EAGAIN {
        deliverIfAny(decoder.finish(), deliver)
        return
      }
    }
  }

  private func deliverIfAny(_ events: [KeyEvent], _ deliver: @Sendable ([KeyEvent]) -> Void) {
    if !events.isEmpty { deliver(events) }
  }
}
