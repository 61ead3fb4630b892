import Core
import Foundation

/// Reads kiln-server's `KEY = VALUE` file, with `kiln`'s comment rules (decision 51).
///
/// One assignment per line; blank lines and lines starting with `#` or `//` are comments;
/// `#` or `//` at the start of a value or after whitespace starts a trailing comment, so
/// `https://host` and `color#1` survive; a quoted value is taken whole, one pair of quotes
/// removed; an optional leading `export ` is accepted. A later assignment wins.
enum ServerConfigFile {
  struct Entry: Equatable {
    var value: String
    var line: Int
  }

  /// The file's assignments; throws a sentence naming the file and line of the first
  /// problem.
  static func load(path: String) throws(ServerConfigurationError) -> [String: Entry] {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ServerConfigurationError(
        key: nil, message: "the configuration file \(path) cannot be read")
    }
    return try parse(text, path: path)
  }

  static func parse(
    _ text: String, path: String
  ) throws(ServerConfigurationError) -> [String:
    Entry]
  {
    var entries: [String: Entry] = [:]
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, rawLine) in lines.enumerated() {
      var line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { continue }
      if line.hasPrefix("export ") {
        line = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces)
      }
      guard let equals = line.firstIndex(of: "=") else {
        throw ServerConfigurationError(
          key: nil, message: "\(path):\(index + 1) is not a KEY = VALUE assignment")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      guard !key.isEmpty,
        key.unicodeScalars.allSatisfy({
          $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0)
            || ("0"..."9").contains($0)
        })
      else {
        throw ServerConfigurationError(
          key: nil, message: "\(path):\(index + 1): '\(key)' is not a valid key name")
      }
      entries[key] = Entry(
        value: cleanValue(String(line[line.index(after: equals)...])), line: index + 1)
    }
    return entries
  }

  private static func cleanValue(_ raw: String) -> String {
    AssignmentValue.parse(raw).value
  }
}
