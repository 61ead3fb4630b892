import Foundation
import TestSupport

/// One benchmark subcommand of `kiln-bench`.
struct Benchmark: Sendable {
  /// The subcommand name, e.g. `sse`.
  let name: String
  /// One line for the usage text.
  let summary: String
  /// Runs the benchmark with the remaining command-line arguments and prints its figures.
  let run: @Sendable ([String]) async throws -> Void
}

/// Every benchmark; each issue adds its own entry.
enum BenchmarkRegistry {
  static let all: [Benchmark] = [
    // Entries are added here, one per line, sorted by name.
    .app,
    .auth,
    .chat,
    .proxy,
    .proxyUpstream,
    .server,
    .serverTarget,
    .sse,
    .sseLimits,
    .storage,
    .stream,
    .sync,
    .upstream,
  ]
}

/// Why a benchmark could not run: a mistaken option, or a setup step that failed.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
}

/// What benchmarks share: their options and their loopback servers.
enum BenchmarkSupport {
  /// Reads `--name N` pairs whose value is a positive whole number, for the names in
  /// `allowed`; an unknown option or a bad value is a `BenchmarkError`.
  static func positiveOptions(
    _ arguments: [String], allowed: Set<String>
  ) throws -> [String: Int] {
    var values: [String: Int] = [:]
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard allowed.contains(option) else {
        throw BenchmarkError(description: "unknown option \(option)")
      }
      guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
        throw BenchmarkError(description: "\(option) needs a positive whole number")
      }
      values[option] = value
    }
    return values
  }

  /// A loopback server that reports unexpected requests and unused scripts on standard
  /// error (a benchmark has no test to fail).
  static func loopbackServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer(reportIssue: { issue in
      FileHandle.standardError.write(Data("kiln-bench: \(issue)\n".utf8))
    })
  }
}
