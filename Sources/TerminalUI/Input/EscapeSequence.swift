/// Decoding of the escape sequences xterm, VT100, rxvt and the Linux console send.
enum EscapeSequence {
  /// Decodes the sequence starting with the ESC at `index`.
  static func decode(_ bytes: [UInt8], at index: Int) -> KeyDecoder.Step {
    guard index + 1 < bytes.count else { return .incomplete }
    let next = bytes[index + 1]
    switch next {
    case 0x5B:  // [
      return controlSequence(bytes, at: index)
    case 0x4F:  // O
      guard index + 2 < bytes.count else { return .incomplete }
      return .event(singleShift(bytes[index + 2]), length: 3)
    case 0x7F, 0x08:
      return .event(.deleteWordBackward, length: 2)
    case 0x0D, 0x0A:
      return .event(.alt("\n"), length: 2)
    case 0x20...0x7E, 0xC2...0xF4:
      switch UTF8Decoding.character(in: bytes, at: index + 1) {
      case .incomplete: return .incomplete
      case .invalid: return .event(.escape, length: 1)
      case .valid(let character, let length): return .event(.alt(character), length: 1 + length)
      }
    default:
      return .event(.escape, length: 1)
    }
  }

  /// `ESC [ params intermediates final`.
  static func controlSequence(_ bytes: [UInt8], at index: Int) -> KeyDecoder.Step {
    var position = index + 2
    while position < bytes.count, (0x30...0x3F).contains(bytes[position]) { position += 1 }
    let parameters = String(decoding: bytes[(index + 2)..<position], as: UTF8.self)
    while position < bytes.count, (0x20...0x2F).contains(bytes[position]) { position += 1 }
    guard position < bytes.count else { return .incomplete }
    let final = bytes[position]
    if final == 0x5B, position == index + 2 {
      // Linux console function keys: ESC [ [ A … ESC [ [ E.
      guard position + 1 < bytes.count else { return .incomplete }
      let key = bytes[position + 1]
      let event: KeyEvent =
        (0x41...0x45).contains(key)
        ? .function(Int(key) - 0x40) : .unknown(Array(bytes[index...(position + 1)]))
      return .event(event, length: position + 2 - index)
    }
    guard (0x40...0x7E).contains(final) else {
      return .event(.unknown(Array(bytes[index..<position])), length: position - index)
    }
    let length = position + 1 - index
    if final == 0x7E, parameters == "200" { return .startPaste(length: length) }
    let event = controlSequenceEvent(parameters: parameters, final: final)
    return .event(event ?? .unknown(Array(bytes[index..<(index + length)])), length: length)
  }

  /// The key a complete control sequence names; `nil` for sequences this decoder ignores
  /// on purpose are mapped to `.unknown` by the caller.
  static func controlSequenceEvent(parameters: String, final: UInt8) -> KeyEvent? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    let modifier = (numbers.count >= 2 ? numbers[1] : nil) ?? 1
    let wordModifier = (modifier - 1) & 0b110 != 0
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return wordModifier ? .wordRight : .right
    case 0x44: return wordModifier ? .wordLeft : .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x5A: return .backTab
    case 0x50...0x53: return .function(Int(final) - 0x4F)
    case 0x7E: return tildeKey(numbers.first.flatMap { $0 } ?? 0, wordModifier: wordModifier)
    default: return nil
    }
  }

  /// `ESC [ n ~` keys.
  static func tildeKey(_ number: Int, wordModifier: Bool) -> KeyEvent? {
    switch number {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return wordModifier ? .deleteWordForward : .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(number - 10)
    case 17...21: return .function(number - 11)
    case 23, 24: return .function(number - 12)
    default: return nil
    }
  }

  /// `ESC O x` keys (application cursor mode, VT100 keypad, rxvt Ctrl-arrows).
  static func singleShift(_ final: UInt8) -> KeyEvent {
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x4D: return .enter
    case 0x50...0x53: return .function(Int(final) - 0x4F)
    case 0x63: return .wordRight
    case 0x64: return .wordLeft
    default: return .unknown([0x1B, 0x4F, final])
    }
  }
}
