import Core
import Foundation
import Localization

/// Where a configuration value came from, so messages can point at it.
public enum ConfigurationOrigin: Equatable, Sendable, CustomStringConvertible {
  case environment
  case file(path: String, line: Int)
  case commandLine

  public var description: String {
    switch self {
    case .environment: return "environment"
    case .file(let path, let line): return "\(path):\(line)"
    case .commandLine: return "command line"
    }
  }
}

/// A raw value and its origin.
public struct ConfigurationEntry: Equatable, Sendable {
  public var value: String
  public var origin: ConfigurationOrigin

  public init(value: String, origin: ConfigurationOrigin) {
    self.value = value
    self.origin = origin
  }
}

/// Reads the seed's xcconfig-style `KEY = VALUE` files.
///
/// Rules: one assignment per line; blank lines and lines starting with `//` or `#` are
/// comments; `//` or `#` after whitespace starts a trailing comment (`KEY = value # note`
/// is `value`), so `https://host` and `color#1` survive; a value in quotes is taken whole,
/// comment characters included (`KEY = "a # b"  # note` is `a # b`), and one pair of
/// surrounding quotes is removed; the xcconfig escape `$()` is removed
/// (`https:/$()/host`); an optional leading `export ` is accepted (shell-style files);
/// `#include "f"` and `#include? "f"` read another file relative to this one (the `?` form
/// may be missing). A later assignment of the same key wins, as in xcconfig.
public enum ConfigurationFile {
  /// Parses the file at `path`, following includes.
  /// - Throws: `ConfigurationError` naming the file and line of the first problem.
  public static func load(path: String) throws -> [String: ConfigurationEntry] {
    var entries: [String: ConfigurationEntry] = [:]
    try load(path: path, into: &entries, visiting: [])
    return entries
  }

  /// Parses `text` as if it were the file at `path` (includes resolve relative to `path`).
  /// - Throws: `ConfigurationError` naming the line of the first problem.
  public static func parse(_ text: String, path: String) throws -> [String: ConfigurationEntry] {
    var entries: [String: ConfigurationEntry] = [:]
    try parse(text, path: path, into: &entries, visiting: [path])
    return entries
  }

  private static let maximumIncludeDepth = 8

  private static func load(
    path: String, into entries: inout [String: ConfigurationEntry], visiting: [String]
  ) throws {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ConfigurationError(
        ConfigurationIssue(
          key: nil, origin: nil,
          problem: L10n.Setup.text(.configFileUnreadable, path, FileFailure.reason(error)),
          fix: L10n.Setup.text(.fixConfigFileUnreadable)))
    }
    try parse(text, path: path, into: &entries, visiting: visiting + [path])
  }

  private static func parse(
    _ text: String, path: String, into entries: inout [String: ConfigurationEntry],
    visiting: [String]
  ) throws {
    // `\r\n` is a single Character in Swift, so splitting on `isNewline` handles LF, CRLF
    // and CR line ends alike.
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, rawLine) in lines.enumerated() {
      let lineNumber = index + 1
      let origin = ConfigurationOrigin.file(path: path, line: lineNumber)
      var line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("//") { continue }
      if line.hasPrefix("#include") {
        try include(line, origin: origin, from: path, into: &entries, visiting: visiting)
        continue
      }
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("export ") {
        line = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces)
      }

      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigurationError(
          ConfigurationIssue(
            key: nil, origin: origin, problem: "this line is not a KEY = VALUE assignment",
            fix: "write it as KEY = VALUE, or start it with // to make it a comment"))
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      guard isValidKey(key) else {
        throw ConfigurationError(
          ConfigurationIssue(
            key: nil, origin: origin, problem: "'\(key)' is not a valid key name",
            fix: "keys are letters, digits and underscores, like PROXY_BASE_URL"))
      }
      let value = cleanValue(String(line[line.index(after: equals)...]))
      entries[key] = ConfigurationEntry(value: value, origin: origin)
    }
  }

  private static func include(
    _ line: String, origin: ConfigurationOrigin, from path: String,
    into entries: inout [String: ConfigurationEntry], visiting: [String]
  ) throws {
    let isOptional = line.hasPrefix("#include?")
    let argument = line.dropFirst(isOptional ? 9 : 8).trimmingCharacters(in: .whitespaces)
    let name = stripQuotes(argument)
    guard !name.isEmpty else {
      throw ConfigurationError(
        ConfigurationIssue(
          key: nil, origin: origin, problem: "#include needs a file name",
          fix: "write #include \"other.xcconfig\""))
    }
    let base = URL(fileURLWithPath: path).deletingLastPathComponent()
    let target =
      name.hasPrefix("/") ? name : base.appendingPathComponent(name).standardizedFileURL.path
    if visiting.contains(target) {
      throw ConfigurationError(
        ConfigurationIssue(
          key: nil, origin: origin, problem: "\(target) includes itself (directly or not)",
          fix: "remove the circular #include"))
    }
    guard visiting.count < maximumIncludeDepth else {
      throw ConfigurationError(
        ConfigurationIssue(
          key: nil, origin: origin, problem: "includes are nested too deeply",
          fix: "include at most \(maximumIncludeDepth) levels of files"))
    }
    if isOptional && !FileManager.default.fileExists(atPath: target) { return }
    try load(path: target, into: &entries, visiting: visiting)
  }

  private static func isValidKey(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return key.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }

  private static func cleanValue(_ raw: String) -> String {
    // `$()` is xcconfig's empty expansion (`https:/$()/host` keeps `//` from being a comment).
    let (value, quoted) = AssignmentValue.parse(raw)
    let expanded = value.replacingOccurrences(of: "$()", with: "")
    return quoted ? expanded : stripQuotes(expanded.trimmingCharacters(in: .whitespaces))
  }

  private static func stripQuotes(_ text: String) -> String {
    for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote)
    {
      return String(text.dropFirst().dropLast())
    }
    return text
  }
}
