import AI
import Core
import FeatureChat
import Foundation
import Observation
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Benchmark {
  /// `kiln-bench chat [--tokens N] [--runs N] [--storage memory|sqlite]`.
  static let chat = Benchmark(
    name: "chat",
    summary: "a 10,000-token reply through ChatViewModel vs the bare stream, fast and paced",
    run: { arguments in try await ChatBenchmark(arguments: arguments).run() }
  )
}

/// Streams one long reply from a client that sends tokens as fast as it can, through a
/// `ChatViewModel` (coalescing, throttled persistence, free tier, usage meter), next to the
/// same stream read into a `ChatCompletionReply` with no view model (the baseline), in
/// the same run.
struct ChatBenchmark {
  enum StorageChoice: String {
    case memory
    case sqlite
  }

  var tokens = 10_000
  var runs = 5
  var storage = StorageChoice.memory

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let value = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--tokens", "--runs":
        guard let number = Int(value), number > 0 else {
          throw BenchmarkError(description: "\(option) needs a positive whole number")
        }
        if option == "--tokens" { tokens = number } else { runs = number }
      case "--storage":
        guard let choice = StorageChoice(rawValue: value) else {
          throw BenchmarkError(description: "--storage is memory or sqlite")
        }
        storage = choice
      default:
        throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    let events = ChatBenchmarkStream.events(tokens: tokens)
    let expected = events.compactMap { event -> String? in
      if case .content(let text) = event { return text }
      return nil
    }.joined()
    print(
      "chat: one reply of \(tokens) tokens (\(expected.utf8.count) bytes) through ChatViewModel"
        + " with \(storage == .memory ? "in-memory" : "SQLite") repositories, beside the same"
        + " stream read with no view model (baseline)")

    print("as fast as the client can send, median of \(runs) runs:")
    let fast = try await scenario(events, expected, pace: nil, runs: runs)
    report("peak memory (RSS)", "\(fast.peakKiB / 1024) MiB", "\(fast.baselinePeakKiB / 1024) MiB")
    print("  (peak RSS is the process high-water mark after each phase; the baseline ran first)")

    let pace = ChatBenchmarkStream.Pace(tokensPerBurst: 50, pause: .milliseconds(10))
    print("paced at about 5,000 tokens/s (50 tokens every 10 ms), one run:")
    _ = try await scenario(events, expected, pace: pace, runs: 1)
  }

  /// Measures the baseline and the view model on one stream shape and prints the figures.
  private func scenario(
    _ events: [ChatStreamEvent], _ expected: String, pace: ChatBenchmarkStream.Pace?, runs: Int
  ) async throws -> (peakKiB: Int, baselinePeakKiB: Int) {
    var baseline: [Measurement] = []
    for _ in 0..<runs {
      baseline.append(
        try await Self.measure { try await Self.bareStream(events, expected, pace: pace) })
    }
    let baselinePeak = Measurement.peakResidentKiB()
    var viewModel: [Measurement] = []
    var updates: [(streamed: Int, observed: Int)] = []
    for _ in 0..<runs {
      var counted = (streamed: 0, observed: 0)
      viewModel.append(
        try await Self.measure {
          counted = try await ChatBenchmarkRun.viewModel(
            events: events, expected: expected, pace: pace, storage: storage)
        })
      updates.append(counted)
    }
    let peak = Measurement.peakResidentKiB()

    let base = Measurement.median(baseline)
    let model = Measurement.median(viewModel)
    let observed = updates.map(\.observed).sorted()[updates.count / 2]
    let streamed = updates.map(\.streamed).sorted()[updates.count / 2]
    let seconds = model.wallSeconds
    report("", "view model", "baseline")
    report("observable updates", "\(observed)", "0")
    report(
      "  of which text", "\(streamed) in \(format(seconds * 1000)) ms",
      "limit: 30/s + the final text")
    report(
      "CPU time", "\(format(model.cpuSeconds * 1000)) ms", "\(format(base.cpuSeconds * 1000)) ms")
    report(
      "CPU per token", "\(format(model.cpuSeconds / Double(tokens) * 1e6)) µs",
      "\(format(base.cpuSeconds / Double(tokens) * 1e6)) µs")
    report("wall time", "\(format(seconds * 1000)) ms", "\(format(base.wallSeconds * 1000)) ms")
    return (peak, baselinePeak)
  }

  /// Reads the stream into a reply with no view model, no storage and no observation.
  static func bareStream(
    _ events: [ChatStreamEvent], _ expected: String, pace: ChatBenchmarkStream.Pace?
  ) async throws {
    let reply = await ChatBenchmarkStream.stream(events, pace: pace).collect()
    guard reply.content == expected else {
      throw BenchmarkError(description: "the bare stream lost text")
    }
  }

  static func measure(_ body: () async throws -> Void) async throws -> Measurement {
    let start = Measurement.now()
    try await body()
    let end = Measurement.now()
    return Measurement(
      cpuSeconds: end.cpuSeconds - start.cpuSeconds,
      wallSeconds: end.wallSeconds - start.wallSeconds)
  }

  private func report(_ name: String, _ value: String, _ baseline: String) {
    print("  \(pad(name, 22))\(pad(value, 22))\(baseline)")
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private func format(_ value: Double) -> String {
    "\((value * 10).rounded() / 10)"
  }
}

/// CPU and wall time of one run.
struct Measurement {
  var cpuSeconds: Double
  var wallSeconds: Double

  /// User plus system CPU time of the process, and a monotonic wall clock.
  static func now() -> Measurement {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let wall = ContinuousClock.now - ChatBenchmarkOrigin.start
    return Measurement(cpuSeconds: cpu, wallSeconds: wall.timeInterval)
  }

  /// The process's peak resident set size so far, in KiB (bytes on macOS are converted).
  static func peakResidentKiB() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss)
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss) / 1024
    #endif
  }

  static func median(_ values: [Measurement]) -> Measurement {
    let cpu = values.map(\.cpuSeconds).sorted()
    let wall = values.map(\.wallSeconds).sorted()
    return Measurement(cpuSeconds: cpu[cpu.count / 2], wallSeconds: wall[wall.count / 2])
  }
}

enum ChatBenchmarkOrigin {
  static let start = ContinuousClock.now
}
