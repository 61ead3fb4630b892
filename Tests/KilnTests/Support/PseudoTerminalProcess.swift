import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process whose standard input, output and error are a pseudo-terminal, as when a
/// person runs it in a terminal window: tests type keys, read what it draws, resize the
/// window and send signals.
///
/// The child starts in a new session with the terminal as its controlling terminal, so it
/// receives `SIGWINCH` on resize. Its output is collected by a reader thread; tests wait
/// for text to appear by polling it, with generous timeouts and never a fixed pause.
final class PseudoTerminalProcess: Sendable {
  /// A failure to start, or a wait that ran out of time.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let pid: pid_t
  private let master: Int32
  private let slave: Int32
  private let output = Mutex<[UInt8]>([])
  private let readerDone = Mutex(false)
  private let stopReading = Mutex(false)
  private let exitStatus = Mutex<Int32?>(nil)

  /// Starts `executable` with `arguments` and exactly `environment`, on a terminal of
  /// `columns` × `rows`.
  /// - Throws: `Failure` when the terminal or the process cannot be made.
  init(
    executable: String, arguments: [String] = [], environment: [String: String],
    columns: Int = 100, rows: Int = 30
  ) throws {
    let functions = try PseudoTerminalFunctions.load()
    let master = functions.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0, functions.grant(master) == 0, functions.unlock(master) == 0 else {
      throw Failure(description: "cannot open a pseudo-terminal (errno \(errno))")
    }
    var name = [CChar](repeating: 0, count: 256)
    guard functions.name(master, &name, name.count) == 0 else {
      close(master)
      throw Failure(description: "ptsname_r failed (errno \(errno))")
    }
    let path = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // The parent keeps the terminal's other end open, so it outlives the child and its
    // modes can be read after the child has gone.
    let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      close(master)
      throw Failure(description: "cannot open \(path) (errno \(errno))")
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    self.master = master
    self.slave = slave
    do {
      pid = try Self.spawn(
        executable: executable, arguments: arguments, environment: environment, terminal: path)
    } catch {
      close(master)
      close(slave)
      throw error
    }
    startReader()
  }

  deinit {
    if exitStatus.withLock({ $0 }) == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
    stopReading.withLock { $0 = true }
    while !readerDone.withLock({ $0 }) { usleep(1000) }
    close(master)
    close(slave)
  }

  // MARK: - Input

  /// Types text (a "\r" is the Enter key).
  func type(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { buffer in
      write(master, buffer.baseAddress, buffer.count - 1)
    }
  }

  /// Presses Ctrl with a letter (`"c"` for Ctrl-C).
  func control(_ letter: Character) {
    guard let value = letter.asciiValue else { return }
    type(String(UnicodeScalar(value & 0x1F)))
  }

  /// Changes the window size; the child gets `SIGWINCH`.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Sends a signal to the child.
  func signal(_ number: Int32) {
    kill(pid, number)
  }

  // MARK: - Output

  /// Everything the child wrote, as it wrote it.
  var rawOutput: String {
    String(decoding: output.withLock { $0 }, as: UTF8.self)
  }

  /// What the child wrote without escape sequences and carriage returns: roughly the text a
  /// person would have seen scroll by.
  var plainOutput: String { TerminalText.plain(rawOutput) }

  /// Waits until the plain output after the first `offset` characters contains `text`, and
  /// returns the offset just past it (to wait for what comes next).
  /// - Throws: `Failure` with the output so far when it does not appear within `timeout`.
  @discardableResult
  func waitFor(
    _ text: String, after offset: Int = 0, timeout: Duration = .seconds(30)
  ) async throws -> Int {
    let deadline = ContinuousClock.now + timeout
    while true {
      let plain = plainOutput
      let start = plain.index(plain.startIndex, offsetBy: min(offset, plain.count))
      if let range = plain[start...].range(of: text) {
        return plain.distance(from: plain.startIndex, to: range.upperBound)
      }
      if ContinuousClock.now > deadline {
        throw Failure(description: "'\(text)' did not appear. Output so far:\n\(plain)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits for the child to exit and returns its exit code (128 + N when signal N ended it).
  /// - Throws: `Failure` when it is still running after `timeout`.
  func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let code = exitStatus.withLock({ $0 }) { return code }
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus.withLock { $0 = code }
        try await drainOutput()
        return code
      }
      if ContinuousClock.now > deadline {
        throw Failure(description: "the process did not exit. Output so far:\n\(plainOutput)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits until the reader has taken everything the child wrote before it exited: the
  /// terminal keeps it until read, and a busy machine may not have scheduled the reader yet.
  private func drainOutput() async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
      var unread: Int32 = 0
      if ioctl(master, UInt(FIONREAD), &unread) != 0 || unread == 0 { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    // The reader appends what it read right after its read returns; one poll interval
    // covers that.
    try await Task.sleep(for: .milliseconds(60))
  }

  /// The terminal's current modes (the child's changes show here).
  func modes() -> termios {
    var modes = termios()
    _ = tcgetattr(slave, &modes)
    return modes
  }

  // MARK: - Private

  private func startReader() {
    let thread = Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !stopReading.withLock({ $0 }) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 50)
        guard ready > 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
          output.withLock { $0.append(contentsOf: buffer[0..<count]) }
        } else if count < 0, errno != EINTR, errno != EAGAIN {
          break
        }
      }
      readerDone.withLock { $0 = true }
    }
    thread.name = "pty-reader"
    thread.start()
  }

  private static func spawn(
    executable: String, arguments: [String], environment: [String: String], terminal: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, without O_NOCTTY: the terminal becomes the controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26+)
    posix_spawnattr_setflags(
      &attributes, Int16(setsid | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)))

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = ChildProcess.whileLaunching {
      posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }
    guard result == 0 else {
      throw Failure(description: "posix_spawn \(executable) failed (\(result))")
    }
    return pid
  }
}

/// The C library's pseudo-terminal functions. Swift's Glibc module leaves them out (they
/// need `_XOPEN_SOURCE`), so they are looked up by name in the running process.
struct PseudoTerminalFunctions {
  typealias OpenMaster = @convention(c) (Int32) -> Int32
  typealias Grant = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  let openMaster: OpenMaster
  let grant: Grant
  let unlock: Grant
  let name: Name

  static func load() throws -> PseudoTerminalFunctions {
    let process = dlopen(nil, RTLD_NOW)
    func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
      guard let address = dlsym(process, name) else {
        throw PseudoTerminalProcess.Failure(description: "\(name) is not available")
      }
      return unsafeBitCast(address, to: type)
    }
    return PseudoTerminalFunctions(
      openMaster: try symbol("posix_openpt", as: OpenMaster.self),
      grant: try symbol("grantpt", as: Grant.self),
      unlock: try symbol("unlockpt", as: Grant.self),
      name: try symbol("ptsname_r", as: Name.self))
  }
}

/// Terminal output turned into the text a person sees scroll by.
enum TerminalText {
  /// `text` without escape sequences (CSI, OSC, two-byte escapes) and carriage returns.
  static func plain(_ text: String) -> String {
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\u{1B}":
        guard let kind = scalars.next() else { return result }
        if kind == "[" {
          while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        } else if kind == "]" {
          var previous: Unicode.Scalar?
          while let next = scalars.next() {
            if next == "\u{7}" || (previous == "\u{1B}" && next == "\\") { break }
            previous = next
          }
        }
      case "\r", "\u{7}":
        continue
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
