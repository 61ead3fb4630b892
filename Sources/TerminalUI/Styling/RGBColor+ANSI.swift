import DesignSystem

extension RGBColor {
  /// The channel levels of the 6×6×6 colour cube in the xterm 256-colour palette.
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The nearest entry of the xterm 256-colour palette, from the colour cube (16–231) or the
  /// grey ramp (232–255), for terminals without 24-bit colour.
  public var ansi256Index: UInt8 {
    let channels = [Int(red), Int(green), Int(blue)]
    let cube = channels.map(Self.nearestCubeLevel)
    let cubeColor = cube.map { Self.cubeLevels[$0] }
    let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]

    let average = channels.reduce(0, +) / 3
    let greyStep = min(23, max(0, (average - 8 + 5) / 10))
    let greyLevel = 8 + 10 * greyStep
    let grey = [greyLevel, greyLevel, greyLevel]

    if Self.distance(channels, grey) < Self.distance(channels, cubeColor) {
      return UInt8(232 + greyStep)
    }
    return UInt8(cubeIndex)
  }

  /// The nearest of the 16 basic ANSI colours (0–15), using xterm's default values, for
  /// terminals such as the Linux console that know no more.
  public var ansi16Index: UInt8 {
    let channels = [Int(red), Int(green), Int(blue)]
    var best = 0
    var bestDistance = Int.max
    for (index, candidate) in Self.basicColors.enumerated() {
      let distance = Self.distance(channels, candidate)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return UInt8(best)
  }

  static let basicColors: [[Int]] = [
    [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0],
    [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
    [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0],
    [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
  ]

  static func nearestCubeLevel(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)
  }

  static func distance(_ lhs: [Int], _ rhs: [Int]) -> Int {
    zip(lhs, rhs).reduce(0) { total, pair in
      let delta = pair.0 - pair.1
      return total + delta * delta
    }
  }
}
