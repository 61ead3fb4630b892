import Synchronization

/// Random numbers, injected so jitter and sampling are reproducible in tests.
public struct RandomSource: Sendable {
  private let nextUnit: @Sendable () -> Double

  /// A source built from a function returning values in `0..<1`.
  public init(_ nextUnit: @escaping @Sendable () -> Double) {
    self.nextUnit = nextUnit
  }

  /// A value in `0..<1`.
  public func unit() -> Double { nextUnit() }

  /// A value in `range`.
  public func double(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// The system's cryptographically secure generator.
  public static let live = RandomSource { Double.random(in: 0..<1) }

  /// Always `value` (clamped to `0..<1`): `0.5` gives the middle of every range.
  public static func constant(_ value: Double) -> RandomSource {
    let clamped = min(max(value, 0), 1.0.nextDown)
    return RandomSource { clamped }
  }

  /// A deterministic sequence (SplitMix64) from `seed`, for fuzz-style tests.
  public static func seeded(_ seed: UInt64) -> RandomSource {
    let state = SeededState(seed: seed)
    return RandomSource { state.nextUnit() }
  }
}

/// SplitMix64 behind a lock, so a seeded source can be shared between tasks.
private final class SeededState: Sendable {
  private let state: Mutex<UInt64>

  init(seed: UInt64) { state = Mutex(seed) }

  func nextUnit() -> Double {
    let bits = state.withLock { value -> UInt64 in
      value &+= 0x9E37_79B9_7F4A_7C15
      var z = value
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    return Double(bits >> 11) / Double(UInt64(1) << 53)
  }
}
