/// Submitted lines and browsing through them with Up and Down.
///
/// Browsing starts from the line being typed, which is kept as a draft and comes back when
/// the user moves past the newest entry. Empty lines and a repeat of the newest entry are
/// not recorded; the oldest entries drop off beyond `limit`.
public struct LineHistory: Hashable, Sendable {
  /// The entries, oldest first.
  public private(set) var entries: [String]
  /// The most entries kept.
  public let limit: Int
  /// The entry shown while browsing, or `nil` when editing the draft.
  public private(set) var position: Int?
  private var draft = ""

  /// History with existing entries (oldest first), keeping at most `limit`.
  public init(entries: [String] = [], limit: Int = 1000) {
    self.limit = max(1, limit)
    self.entries = Array(entries.suffix(max(1, limit)))
  }

  /// Records a submitted line and stops browsing.
  public mutating func record(_ line: String) {
    position = nil
    draft = ""
    guard line.contains(where: { !$0.isWhitespace }), entries.last != line else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  /// The previous (older) entry, saving `current` as the draft when browsing starts; `nil`
  /// when there is nothing older.
  public mutating func previous(current: String) -> String? {
    let target: Int
    if let position {
      guard position > 0 else { return nil }
      target = position - 1
    } else {
      guard !entries.isEmpty else { return nil }
      draft = current
      target = entries.count - 1
    }
    position = target
    return entries[target]
  }

  /// The next (newer) entry, or the saved draft after the newest; `nil` when not browsing.
  public mutating func next() -> String? {
    guard let position else { return nil }
    if position + 1 < entries.count {
      self.position = position + 1
      return entries[position + 1]
    }
    self.position = nil
    return draft
  }

  /// Stops browsing without changing entries.
  public mutating func resetBrowsing() {
    position = nil
    draft = ""
  }
}
