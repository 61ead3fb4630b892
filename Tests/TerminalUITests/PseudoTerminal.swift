#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair for tests: the main side plays the terminal emulator, the
/// secondary side is what the program sees as its terminal.
final class PseudoTerminal {
  let main: Int32
  let secondary: Int32

  init?() {
    var main: Int32 = -1
    var secondary: Int32 = -1
    guard openpty(&main, &secondary, nil, nil, nil) == 0 else { return nil }
    self.main = main
    self.secondary = secondary
  }

  deinit {
    close(secondary)
    close(main)
  }

  /// The terminal modes of the secondary side.
  var modes: termios {
    var modes = termios()
    _ = tcgetattr(secondary, &modes)
    return modes
  }

  /// Sets the window size as a terminal emulator does.
  func setSize(columns: UInt16, rows: UInt16) {
    var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(main, UInt(TIOCSWINSZ), &window)
  }

  /// What the program wrote so far (waits at most `timeout` ms for the first byte).
  func readOutput(timeout: Int32 = 2000) -> String {
    var bytes: [UInt8] = []
    var descriptor = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
    var wait = timeout
    while poll(&descriptor, 1, wait) > 0 {
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = read(main, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
      wait = 0
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
