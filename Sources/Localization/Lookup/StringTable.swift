import Core
import Foundation

/// One language's strings: key → template, as read from a `Localizable.strings` file.
public struct StringTable: Equatable, Sendable {
  /// Every entry of the table.
  public let entries: [String: String]

  /// A table with the given entries; useful for tests and for strings not bundled here.
  public init(entries: [String: String]) {
    self.entries = entries
  }

  /// A table with no entries. A `Localizer` over empty tables returns every key unchanged.
  public static let empty = StringTable(entries: [:])

  /// The template for `key`, or `nil` when the table lacks it.
  public subscript(key: String) -> String? { entries[key] }

  /// Parses the contents of a `.strings` file.
  ///
  /// Accepts the text format (UTF-8 or UTF-16, `/* */` and `//` comments) and the binary
  /// property list Xcode may compile it into, through `PropertyListSerialization`, which
  /// reads both on Linux and on Apple platforms.
  /// - Throws: `StringTableError.malformed` when the data is not a table of strings.
  public init(data: Data) throws(StringTableError) {
    let parsed: Any
    do {
      parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw .malformed(detail: String(describing: error))
    }
    guard let dictionary = parsed as? [String: Any] else {
      throw .malformed(detail: "expected a table of strings, found \(type(of: parsed))")
    }
    var entries: [String: String] = [:]
    for (key, value) in dictionary {
      guard let text = value as? String else {
        throw .malformed(detail: "the value for \(key) is not a string")
      }
      entries[key] = text
    }
    self.entries = entries
  }
}

/// Why a strings table could not be loaded.
public enum StringTableError: Error, Equatable, Sendable {
  /// The bundle lacks one of the language's tables (`Localizable.strings`, `Terminal.strings`).
  case missingResource(Language)
  /// The file exists but could not be read.
  case unreadable(Language, detail: String)
  /// The contents are not a `.strings` table.
  case malformed(detail: String)
}

extension StringTableError: AppErrorConvertible {
  /// Missing or broken strings are a packaging fault the user cannot fix.
  public var appError: AppError {
    switch self {
    case .missingResource(let language):
      return .unknown("Localizable.strings missing for \(language.code)")
    case .unreadable(let language, let detail):
      return .unknown("Localizable.strings for \(language.code) unreadable: \(detail)")
    case .malformed(let detail):
      return .unknown("Localizable.strings malformed: \(detail)")
    }
  }
}
