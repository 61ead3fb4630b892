extension String {
  /// The Levenshtein distance to `other` (insertions, deletions and substitutions of
  /// characters), for "did you mean …?" suggestions.
  public func editDistance(to other: String) -> Int {
    let source = Array(self)
    let target = Array(other)
    var previous = Array(0...target.count)
    for (i, sourceCharacter) in source.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: target.count)
      for (j, targetCharacter) in target.enumerated() {
        let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
        current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, substitution)
      }
      previous = current
    }
    return previous[target.count]
  }

  /// The candidate closest to this string within `maximumDistance` edits, if any.
  public func closestMatch(in candidates: [String], maximumDistance: Int) -> String? {
    let scored = candidates.map { ($0, editDistance(to: $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance else {
      return nil
    }
    return best.0
  }
}
