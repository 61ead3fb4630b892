/// A tiny terminal for tests: applies text, CR, LF, cursor up/down/forward, and the clear
/// sequences our renderers write; private modes (`ESC [ ? …`) are ignored and every other
/// escape sequence is kept in the line as text (so styled output can be compared too). Lines never wrap: tests use wide enough screens.
struct VirtualScreen {
  private(set) var lines: [[Character]] = [[]]
  private(set) var row = 0
  private(set) var column = 0
  /// The most rows the cursor ever moved up at once.
  private(set) var largestMoveUp = 0

  var text: String {
    var rows = lines.map { String($0) }
    while rows.count > 1, rows.last == "" { rows.removeLast() }
    return rows.joined(separator: "\n") + (rows == [""] ? "" : "\n")
  }

  mutating func apply(_ output: String) {
    var characters = Array(output.unicodeScalars.map(Character.init))
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
        var end = index + 2
        while end < characters.count,
          !(characters[end].asciiValue.map { (0x40...0x7E).contains($0) } ?? false)
        {
          end += 1
        }
        let parameters = String(characters[(index + 2)..<end])
        let final = characters[end]
        if !control(final: final, parameters: parameters) {
          write(Array(characters[index...end]))
        }
        index = end + 1
        continue
      }
      switch character {
      case "\r": column = 0
      case "\n":
        row += 1
        column = 0
        while lines.count <= row { lines.append([]) }
      default: write([character])
      }
      index += 1
    }
    characters.removeAll()
  }

  private mutating func control(final: Character, parameters: String) -> Bool {
    let count = Int(parameters) ?? 1
    if parameters.hasPrefix("?") { return true }
    switch (final, parameters) {
    case ("A", _):
      largestMoveUp = max(largestMoveUp, count)
      row = max(0, row - count)
    case ("B", _):
      row += count
      while lines.count <= row { lines.append([]) }
    case ("C", _): column += count
    case ("J", ""):
      lines[row] = Array(lines[row].prefix(column))
      lines.removeSubrange((row + 1)...)
    case ("K", ""): lines[row] = Array(lines[row].prefix(column))
    case ("K", "2"): lines[row] = []
    default: return false
    }
    return true
  }

  private mutating func write(_ characters: [Character]) {
    var line = lines[row]
    while line.count < column { line.append(" ") }
    for character in characters {
      if column < line.count {
        line[column] = character
      } else {
        line.append(character)
      }
      column += 1
    }
    lines[row] = line
  }
}
