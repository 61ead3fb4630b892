/// How many terminal columns text occupies.
///
/// Counted per grapheme cluster (a Swift `Character`): East Asian wide and fullwidth
/// characters and emoji take 2 columns, combining marks and other zero-width scalars 0,
/// control characters 0, and escape sequences (CSI, OSC and two-byte ESC sequences) 0.
/// Tabs count 0 here; renderers expand them to spaces before measuring.
public enum DisplayWidth {
  /// The columns one character occupies.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if character.utf8.count == 1 {
      return first.value < 0x20 || first.value == 0x7F ? 0 : 1
    }
    if scalars.count > 1 {
      if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }
      if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    }
    return of(first)
  }

  /// The columns a single scalar occupies when it starts a cluster.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation || EastAsianWidth.isWide(value) { return 2 }
    if isZeroWidth(scalar) { return 0 }
    return 1
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return scalar.value != 0x00AD
    default:
      // Hangul medial vowels and final consonants join the preceding syllable.
      return (0x1160...0x11FF).contains(scalar.value)
    }
  }

  /// The columns a string occupies, skipping escape sequences.
  public static func of(_ text: String) -> Int {
    var total = 0
    var scanner = EscapeScanner()
    for character in text where !scanner.consume(character) {
      total += of(character)
    }
    return total
  }

  /// The text with every escape sequence removed.
  public static func strippingEscapes(_ text: String) -> String {
    var result = ""
    var scanner = EscapeScanner()
    for character in text where !scanner.consume(character) {
      result.append(character)
    }
    return result
  }
}

/// Recognises escape sequences one character at a time.
struct EscapeScanner {
  enum State {
    case text
    case escape
    case controlSequence
    case operatingSystemCommand
    case operatingSystemCommandEscape
  }

  private(set) var state = State.text

  /// Feeds one character; returns true when it belongs to an escape sequence.
  mutating func consume(_ character: Character) -> Bool {
    let value = character.unicodeScalars.first?.value ?? 0
    switch state {
    case .text:
      if value == 0x1B {
        state = .escape
        return true
      }
      return false
    case .escape:
      switch character {
      case "[": state = .controlSequence
      case "]": state = .operatingSystemCommand
      default: state = .text
      }
      return true
    case .controlSequence:
      if (0x40...0x7E).contains(value) { state = .text }
      return true
    case .operatingSystemCommand:
      if value == 0x07 {
        state = .text
      } else if value == 0x1B {
        state = .operatingSystemCommandEscape
      }
      return true
    case .operatingSystemCommandEscape:
      state = character == "\\" ? .text : .operatingSystemCommand
      return true
    }
  }
}
