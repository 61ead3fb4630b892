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
  /// process before the app could restore the terminal); when it ends they are back to
  /// their defaults. Typical use in the app: `SIGTERM` and `SIGHUP` → restore the terminal
  /// and exit; `SIGINT` from `kill` (Ctrl-C itself arrives as a key in raw mode).
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

  init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let queue = DispatchQueue(label: "kiln.terminal.signals")
    var made: [any DispatchSourceSignal] = []
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      made.append(source)
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
    for number in signals { signal(number, SIG_DFL) }
  }
}
