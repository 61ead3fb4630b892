import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process signals as an async stream, handled on a dispatch queue instead of in a signal
/// handler, so the code that reacts may do anything (restore the terminal, save, exit).
public enum SignalEvents {
  /// Delivers each of `signals` as it arrives until the stream ends.
  ///
  /// While the stream lives the signals' default actions are off (they would end the
  /// process before the app could restore the terminal). On Darwin the defaults come back
  /// when the stream ends; on Linux dispatch keeps handling them (see `SignalDisposition`),
  /// so keep the stream for as long as the app runs. Typical use in the app: `SIGTERM` and
  /// `SIGHUP` → restore the terminal and exit; `SIGINT` from `kill` (Ctrl-C itself arrives
  /// as a key in raw mode).
  public static func stream(_ signals: [Int32]) -> AsyncStream<Int32> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int32.self, bufferingPolicy: .unbounded)
    let watch = SignalWatch(signals: signals) { continuation.yield($0) }
    continuation.onTermination = { _ in watch.cancel() }
    return stream
  }
}

/// Dispatch sources for a set of signals, cancelled together.
final class SignalWatch: Sendable {
  private let sources: Mutex<[any DispatchSourceSignal]>
  private let signals: [Int32]

  /// Watches `signals`. Returns once every source is registered with the system, so a
  /// signal sent right after (by a test, or a quick `kill`) is not lost: dispatch registers
  /// sources asynchronously, and an ignored signal that arrives before is discarded.
  init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let queue = DispatchQueue(label: "kiln.terminal.signals")
    let registered = DispatchSemaphore(value: 0)
    var made: [any DispatchSourceSignal] = []
    for number in signals {
      SignalDisposition.ignoreWhileWatched(number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      made.append(source)
    }
    for _ in made {
      // Bounded so a platform that never reports registration cannot hang the caller.
      _ = registered.wait(timeout: .now() + .seconds(1))
    }
    sources = Mutex(made)
  }

  /// Stops watching and puts the signals' default actions back.
  func cancel() {
    let all = sources.withLock { sources in
      defer { sources.removeAll() }
      return sources
    }
    guard !all.isEmpty else { return }
    for source in all { source.cancel() }
    for number in signals { SignalDisposition.restoreAfterWatching(number) }
  }
}

/// What a signal's disposition must be around a dispatch signal source, which differs by
/// platform. With kqueue (Darwin) a source only observes the signal, so the default action
/// (ending the process) must be turned off while it is watched. On Linux, dispatch installs
/// its own handler when the first source registers and keeps it for the process's life;
/// changing the disposition there would silently stop every later source, so it is left
/// alone (a watched signal stays handled by dispatch after its stream ends).
enum SignalDisposition {
  static func ignoreWhileWatched(_ number: Int32) {
    #if canImport(Darwin)
      signal(number, SIG_IGN)
    #endif
  }

  static func restoreAfterWatching(_ number: Int32) {
    #if canImport(Darwin)
      signal(number, SIG_DFL)
    #endif
  }
}
