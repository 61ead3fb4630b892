// kiln-bench: Kiln's benchmarks. Each prints its own figures next to a baseline measured in
// the same run. Build in release: `swift run -c release kiln-bench <name> [options]`.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

guard let name = arguments.first, name != "--help", name != "-h" else {
  print("usage: kiln-bench <benchmark> [options]\n\nbenchmarks:")
  for benchmark in BenchmarkRegistry.all {
    print(
      "  \(benchmark.name.padding(toLength: 10, withPad: " ", startingAt: 0))  \(benchmark.summary)"
    )
  }
  exit(arguments.isEmpty ? 2 : 0)
}

guard let benchmark = BenchmarkRegistry.all.first(where: { $0.name == name }) else {
  FileHandle.standardError.write(Data("kiln-bench: unknown benchmark '\(name)'\n".utf8))
  exit(2)
}

do {
  try await benchmark.run(Array(arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("kiln-bench \(name): \(error)\n".utf8))
  exit(1)
}
