import Foundation

/// The table `kiln-bench storage` prints: each figure, its raw SQLite baseline, the ratio,
/// the target and PASS/MISS for both the target and the 1.5x budget.
struct StorageBenchmarkReport {
  private var rows: [[String]] = [
    ["measure", "kiln", "raw sqlite", "ratio", "target", "target?", "<=1.5x?"]
  ]

  mutating func add(_ name: String, kiln: Duration, raw: Duration, target: Duration) {
    let ratio = seconds(kiln) / max(seconds(raw), 1e-12)
    rows.append([
      name, format(kiln), format(raw), String(format: "%.2fx", ratio), "< \(format(target))",
      kiln < target ? "PASS" : "MISS", ratio <= 1.5 ? "PASS" : "MISS",
    ])
  }

  mutating func addMemory(_ name: String, kiln: Int, raw: Int, targetBytes: Int) {
    let ratio = Double(kiln) / Double(max(raw, 1))
    rows.append([
      name, megabytes(kiln), megabytes(raw), String(format: "%.2fx", ratio),
      "< \(megabytes(targetBytes))", kiln < targetBytes ? "PASS" : "MISS",
      ratio <= 1.5 ? "PASS" : "MISS",
    ])
  }

  func print() {
    BenchmarkTable.print(rows)
  }

  private func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private func format(_ duration: Duration) -> String {
    let value = seconds(duration)
    if value >= 1 { return String(format: "%.2f s", value) }
    if value >= 0.001 { return String(format: "%.2f ms", value * 1000) }
    return String(format: "%.1f us", value * 1e6)
  }

  private func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }
}

/// A table printed with its first column left-aligned and the others right-aligned.
enum BenchmarkTable {
  static func print(_ rows: [[String]]) {
    guard let header = rows.first else { return }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let cells = row.enumerated().map { column, cell in
        column == 0
          ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }
      Swift.print(cells.joined(separator: "  "))
    }
  }
}
