import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Switching a terminal into raw mode and back, with every original mode remembered so it
/// can be restored at exit whatever path the program takes.
public enum RawMode {
  /// A terminal whose modes were changed, and how to put it back.
  struct Saved {
    var input: Int32
    var output: Int32
    var original: termios
    var restoresOutputModes: Bool
  }

  /// Every terminal currently changed, by input descriptor. Global because `atexit` takes
  /// a C function that cannot capture context; the mutex makes it safe to touch from the
  /// exit path and from any thread.
  static let changed = Mutex<[Int32: Saved]>([:])
  static let exitHookInstalled = Mutex(false)

  /// Puts `input` into raw mode: no echo, no line buffering, no signals from Ctrl-C/Ctrl-Z
  /// (they arrive as keys), no flow control, no CR→LF translation, 8-bit input; reads
  /// return after one byte. Output processing stays on, so `"\n"` still starts a new line.
  /// The first call for a descriptor saves its original modes and installs an exit hook
  /// that restores them.
  ///
  /// - Throws: `TerminalUIError.notATerminal` when `input` is not a terminal,
  ///   `TerminalUIError.systemCall` when the modes cannot be set.
  static func enable(input: Int32, output: Int32, restoresOutputModes: Bool) throws {
    var original = termios()
    guard tcgetattr(input, &original) == 0 else {
      throw TerminalUIError.notATerminal(descriptor: input)
    }
    changed.withLock { saved in
      if saved[input] == nil {
        saved[input] = Saved(
          input: input, output: output, original: original,
          restoresOutputModes: restoresOutputModes)
      }
    }
    installExitHook()
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalUIError.systemCall(name: "tcsetattr", errno: errno)
    }
  }

  /// Restores the modes saved for `input`, if any; true when something was restored.
  @discardableResult
  static func restore(input: Int32) -> Bool {
    guard let saved = changed.withLock({ $0.removeValue(forKey: input) }) else { return false }
    apply(saved)
    return true
  }

  /// Restores every terminal this process changed. The exit hook calls it; an app that
  /// handles SIGTERM or SIGHUP itself calls it (or `Terminal.restore()`) before exiting.
  public static func restoreAll() {
    let all = changed.withLock { saved in
      defer { saved.removeAll() }
      return Array(saved.values)
    }
    for saved in all { apply(saved) }
  }

  private static func apply(_ saved: Saved) {
    var original = saved.original
    _ = tcsetattr(saved.input, TCSADRAIN, &original)
    if saved.restoresOutputModes {
      let reset = ANSI.disableBracketedPaste + ANSI.showCursor
      _ = FileDescriptorOutput.writeAll(reset, to: saved.output)
    }
  }

  private static func installExitHook() {
    let install = exitHookInstalled.withLock { installed in
      defer { installed = true }
      return !installed
    }
    if install {
      atexit { RawMode.restoreAll() }
    }
  }
}
