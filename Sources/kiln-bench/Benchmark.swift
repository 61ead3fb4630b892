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
    .chat,
    .server,
    .serverTarget,
    .sse,
    .sseLimits,
    .storage,
    .stream,
  ]
}

/// Why a benchmark could not run: a mistaken option, or a setup step that failed.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
}
