import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The prompt's history between runs: one entry per line in `<data>/history`, newest last,
/// at most `limit` entries, readable only by the user (it holds what they typed).
///
/// An entry may span lines (Alt-Enter), so a backslash is written as `\\` and a line
/// break as `\n`.
struct InputHistoryFile: Sendable {
  /// The most entries kept.
  static let defaultLimit = 1000

  let url: URL
  let limit: Int

  init(url: URL, limit: Int = defaultLimit) {
    self.url = url
    self.limit = max(1, limit)
  }

  /// The saved entries, oldest first; none when the file is missing or unreadable.
  func load() -> [String] {
    guard let data = FileManager.default.contents(atPath: url.path),
      let text = String(data: data, encoding: .utf8)
    else { return [] }
    let entries = text.split(separator: "\n", omittingEmptySubsequences: true).map {
      Self.decode(String($0))
    }
    return Array(entries.suffix(limit))
  }

  /// Replaces the file with the newest `limit` entries.
  /// - Throws: when the file cannot be written.
  func save(_ entries: [String]) throws {
    let kept = entries.suffix(limit).filter { !$0.isEmpty }
    let text = kept.map(Self.encode).joined(separator: "\n") + (kept.isEmpty ? "" : "\n")
    // Written beside the file with owner-only permissions from the start, then renamed
    // over it, so the history is never readable by others and never half-written.
    let temporary = url.path + ".tmp"
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown) }
    guard rename(temporary, url.path) == 0 else {
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown)
    }
  }

  static func encode(_ entry: String) -> String {
    var result = ""
    // Scalars, not characters: "\r\n" is one character but two line-breaking scalars.
    for scalar in entry.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func decode(_ line: String) -> String {
    var result = ""
    var escaping = false
    for scalar in line.unicodeScalars {
      if escaping {
        switch scalar {
        case "n": result.unicodeScalars.append("\n")
        case "r": result.unicodeScalars.append("\r")
        default: result.unicodeScalars.append(scalar)
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if escaping { result.unicodeScalars.append("\\") }
    return result
  }
}
