#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where terminal output goes. `Terminal` writes to a file descriptor; tests record.
public protocol TerminalOutput: Sendable {
  /// Writes text as it is; returns false when the output failed (a closed pipe, a full disk).
  @discardableResult
  func write(_ text: String) -> Bool
}

/// Writing whole strings to a descriptor.
enum FileDescriptorOutput {
  /// Writes every byte of `text`, retrying after interrupts and short writes.
  static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else if written < 0, errno == EAGAIN {
        // A non-blocking descriptor is full: wait until it drains instead of spinning.
        var descriptorPoll = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptorPoll, 1, -1)
      } else {
        return false
      }
    }
    return true
  }
}
