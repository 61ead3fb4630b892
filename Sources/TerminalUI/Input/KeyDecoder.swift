/// Decodes the bytes a terminal in raw mode sends into key events.
///
/// Bytes may arrive split anywhere (inside a UTF-8 character, an escape sequence or a
/// bracketed paste): whatever is incomplete waits for the next `decode(_:)`. A lone ESC is
/// ambiguous (the Escape key, or the start of a sequence whose rest is late), so it waits
/// too; the reader calls `flush()` when no byte followed within a short time, and `finish()`
/// at end of input. Pure and synchronous, so every sequence is testable.
public struct KeyDecoder: Sendable {
  static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  private var pending: [UInt8] = []
  private var paste: [UInt8]?
  /// A CR ended the last read: an LF starting the next one is the rest of a CR LF pair.
  private var endedWithCarriageReturn = false

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes wait for more input that a timeout should resolve with `flush()`.
  /// False inside a paste, which may take any time to arrive.
  public var needsFlushAfterTimeout: Bool {
    paste == nil && !pending.isEmpty
  }

  /// Decodes newly read bytes; returns the events they complete.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    pending.append(contentsOf: bytes)
    if endedWithCarriageReturn, paste == nil, pending.first == 0x0A {
      pending.removeFirst()
    }
    endedWithCarriageReturn = paste == nil && pending.last == 0x0D
    var events: [KeyEvent] = []
    decodePending(into: &events, final: false)
    return events
  }

  /// Resolves bytes still waiting after a timeout: a lone ESC is the Escape key, an
  /// incomplete sequence is Escape followed by its characters, a cut UTF-8 character is
  /// U+FFFD. A paste in progress keeps waiting.
  public mutating func flush() -> [KeyEvent] {
    guard paste == nil else { return [] }
    var events: [KeyEvent] = []
    decodePending(into: &events, final: true)
    return events
  }

  /// Resolves everything at end of input, including an unterminated paste.
  public mutating func finish() -> [KeyEvent] {
    var events = flush()
    if let content = paste {
      events.append(.paste(Self.pasteText(content + pending)))
      paste = nil
      pending = []
    }
    return events
  }

  private mutating func decodePending(into events: inout [KeyEvent], final: Bool) {
    var index = 0
    var text = ""
    func flushText() {
      if !text.isEmpty {
        events.append(.text(text))
        text = ""
      }
    }
    while index < pending.count {
      if paste != nil {
        flushText()
        guard let next = consumePaste(from: index, into: &events) else { return }
        index = next
        continue
      }
      let step = decodeOne(at: index, final: final)
      switch step {
      case .incomplete:
        flushText()
        pending.removeFirst(index)
        return
      case .character(let character, let length):
        text.append(character)
        index += length
      case .event(let event, let length):
        flushText()
        if let event { events.append(event) }
        index += length
      case .startPaste(let length):
        flushText()
        paste = []
        index += length
      }
    }
    flushText()
    pending.removeAll()
  }

  /// Moves paste bytes into the paste buffer up to the end marker and returns the index
  /// after it; without a marker, takes every byte that cannot start one, leaves the rest
  /// pending and returns `nil`.
  private mutating func consumePaste(from index: Int, into events: inout [KeyEvent]) -> Int? {
    let marker = Self.pasteEnd
    var position = index
    while position + marker.count <= pending.count {
      if pending[position] == 0x1B, Array(pending[position..<(position + marker.count)]) == marker {
        let content = (paste ?? []) + pending[index..<position]
        events.append(.paste(Self.pasteText(content)))
        paste = nil
        return position + marker.count
      }
      position += 1
    }
    // Keep a tail that may be the start of the end marker; the rest is paste content.
    var keep = min(marker.count - 1, pending.count - index)
    while keep > 0, Array(pending[(pending.count - keep)...]) != Array(marker.prefix(keep)) {
      keep -= 1
    }
    paste = (paste ?? []) + pending[index..<(pending.count - keep)]
    pending = Array(pending[(pending.count - keep)...])
    return nil
  }

  enum Step {
    case incomplete
    case character(Character, length: Int)
    case event(KeyEvent?, length: Int)
    case startPaste(length: Int)
  }

  private func decodeOne(at index: Int, final: Bool) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      let step = EscapeSequence.decode(pending, at: index)
      if case .incomplete = step, final { return .event(.escape, length: 1) }
      return step
    case 0x0D:
      let followedByLineFeed = index + 1 < pending.count && pending[index + 1] == 0x0A
      return .event(.enter, length: followedByLineFeed ? 2 : 1)
    case 0x0A:
      return .event(.enter, length: 1)
    case 0x09:
      return .event(.tab, length: 1)
    case 0x7F, 0x08:
      return .event(.backspace, length: 1)
    case 0x00:
      return .event(.control("@"), length: 1)
    case 0x01...0x1A:
      return .event(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x1C...0x1F:
      return .event(.control(Character(Unicode.Scalar(byte + 0x40))), length: 1)
    default:
      switch UTF8Decoding.character(in: pending, at: index) {
      case .incomplete:
        return final ? .character("\u{FFFD}", length: pending.count - index) : .incomplete
      case .invalid:
        return .character("\u{FFFD}", length: 1)
      case .valid(let character, let length):
        return .character(character, length: length)
      }
    }
  }

  /// Pasted bytes as text with CR LF and CR turned into LF.
  static func pasteText(_ bytes: [UInt8]) -> String {
    let decoded = String(decoding: bytes, as: UTF8.self)
    var scalars = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in decoded.unicodeScalars {
      if scalar == "\r" {
        scalars.append("\n")
        previousWasCarriageReturn = true
        continue
      }
      if scalar == "\n", previousWasCarriageReturn {
        previousWasCarriageReturn = false
        continue
      }
      previousWasCarriageReturn = false
      scalars.append(scalar)
    }
    return String(scalars)
  }
}

/// Decoding one UTF-8 character from a byte buffer.
enum UTF8Decoding {
  enum Result {
    case incomplete
    case invalid
    case valid(Character, length: Int)
  }

  static func character(in bytes: [UInt8], at index: Int) -> Result {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0x20...0x7E: return .valid(Character(Unicode.Scalar(lead)), length: 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .invalid
    }
    let available = bytes.count - index
    for offset in 1..<min(length, available) where bytes[index + offset] & 0xC0 != 0x80 {
      return .invalid
    }
    guard available >= length else { return .incomplete }
    let slice = bytes[index..<(index + length)]
    var decoder = UTF8()
    var iterator = slice.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .invalid }
    return .valid(Character(scalar), length: length)
  }
}
