/// Makes text from outside Kiln safe to write to a terminal: model replies, stored messages
/// and titles, imported archives, error bodies. Every output path passes such text through
/// here before Kiln adds its own styling, so only Kiln's escape codes reach the terminal.
///
/// - Line breaks (`"\n"`, and `"\r\n"`, which becomes `"\n"`) and tabs are kept.
/// - Escape sequences are removed whole: CSI (`ESC [` … final byte, or the 8-bit CSI
///   U+009B), OSC, DCS, SOS, PM and APC strings (`ESC ]` … up to BEL or ST, or their 8-bit
///   introducers) and the two- and three-byte `ESC` sequences (`ESC c`, `ESC ( B`). A
///   sequence cut off at the end of the text is removed too.
/// - Every other control character (C0, DEL, C1, a lone `"\r"` or `ESC`) is shown as
///   U+FFFD, so something is visibly there but nothing moves the cursor, rings the bell or
///   overwrites what was written before.
public enum TerminalSanitizer {
  /// What a control character is shown as.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// `text` with escape sequences removed and other control characters made visible.
  public static func sanitized(_ text: String) -> String {
    guard needsWork(text) else { return text }
    return scan(Array(text.unicodeScalars), final: true).clean
  }

  /// `sanitized(_:)` for a list row or a heading: line breaks and tabs become spaces and,
  /// when `limit` is given, the text is cut to that many characters ending with `ellipsis`.
  public static func singleLine(
    _ text: String, limit: Int? = nil, ellipsis: String = "\u{2026}"
  ) -> String {
    // Only the part that can be shown is cleaned, so a huge title costs only its start.
    var source = Substring(text)
    var wasCut = false
    if let limit,
      let end = text.index(text.startIndex, offsetBy: limit * 2 + 64, limitedBy: text.endIndex),
      end < text.endIndex
    {
      source = text[..<end]
      wasCut = true
    }
    var line = ""
    for scalar in sanitized(String(source)).unicodeScalars {
      line.unicodeScalars.append(scalar == "\n" || scalar == "\t" ? " " : scalar)
    }
    guard let limit, wasCut || line.count > limit else { return line }
    return String(line.prefix(max(0, limit - ellipsis.count))) + ellipsis
  }

  /// Whether `text` holds anything to remove or replace.
  static func needsWork(_ text: String) -> Bool {
    text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" }
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Cleans `scalars`. When `final` is false a sequence still open at the end is not
  /// dropped but reported in `pending` (its start), so a stream can wait for the rest.
  static func scan(
    _ scalars: [Unicode.Scalar], final: Bool
  ) -> (clean: String, pending: Int?) {
    var clean = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard isControl(scalar), scalar != "\n", scalar != "\t" else {
        clean.append(scalar)
        index += 1
        continue
      }
      if scalar == "\r" {
        if index + 1 < scalars.count {
          if scalars[index + 1] != "\n" { clean.append(replacement) }
        } else if !final {
          return (String(clean), index)
        } else {
          clean.append(replacement)
        }
        index += 1
        continue
      }
      guard let end = sequenceEnd(scalars, from: index) else {
        if !final { return (String(clean), index) }
        break
      }
      if end == index + 1, scalar == "\u{1B}" || !isSequenceIntroducer(scalar) {
        clean.append(replacement)
      }
      index = end
    }
    return (String(clean), nil)
  }

  private static func isSequenceIntroducer(_ scalar: Unicode.Scalar) -> Bool {
    [0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains(scalar.value)
  }

  /// The index after the control sequence starting at `start`; `start + 1` for a lone
  /// control character; `nil` when the sequence runs past the end of the text.
  private static func sequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    let first = scalars[start].value
    var index = start + 1
    var kind: UInt32 = first
    if first == 0x1B {
      guard index < scalars.count else { return nil }
      let next = scalars[index].value
      switch next {
      case 0x5B: kind = 0x9B  // [ CSI
      case 0x5D: kind = 0x9D  // ] OSC
      case 0x50: kind = 0x90  // P DCS
      case 0x58, 0x5E, 0x5F: kind = 0x98  // X SOS, ^ PM, _ APC
      case 0x20...0x2F:
        // nF: intermediates, then one final byte.
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
        guard index < scalars.count else { return nil }
        return (0x30...0x7E).contains(scalars[index].value) ? index + 1 : index
      case 0x30...0x7E: return index + 1
      default: return start + 1
      }
      index += 1
    }
    switch kind {
    case 0x9B:
      while index < scalars.count {
        let value = scalars[index].value
        if (0x40...0x7E).contains(value) { return index + 1 }
        guard (0x20...0x3F).contains(value) else { return index }
        index += 1
      }
      return nil
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
      while index < scalars.count {
        let value = scalars[index].value
        if value == 0x07 || value == 0x9C { return index + 1 }
        if value == 0x1B, index + 1 < scalars.count, scalars[index + 1] == "\\" {
          return index + 2
        }
        index += 1
      }
      return nil
    default:
      return start + 1
    }
  }
}

extension TerminalSanitizer {
  /// `sanitized(_:)` for text that arrives in pieces: a sequence split between two pieces
  /// is held back until its end arrives, then removed whole.
  public struct Stream: Sendable {
    private var pending: [Unicode.Scalar] = []

    /// The most scalars held back waiting for the end of a sequence; past it the held text
    /// is dropped (an unterminated escape string is removed, never shown).
    public static let pendingLimit = 65_536

    /// A stream with nothing held back.
    public init() {}

    /// The clean text of `piece` that can be written now.
    public mutating func append(_ piece: String) -> String {
      guard !pending.isEmpty || TerminalSanitizer.needsWork(piece) else { return piece }
      let scalars = pending + Array(piece.unicodeScalars)
      let result = TerminalSanitizer.scan(scalars, final: false)
      pending = result.pending.map { Array(scalars[$0...]) } ?? []
      if pending.count > Self.pendingLimit { pending = [] }
      return result.clean
    }

    /// The rest, when the text has ended: a sequence still open is removed.
    public mutating func finish() -> String {
      defer { pending = [] }
      return TerminalSanitizer.scan(pending, final: true).clean
    }
  }
}
