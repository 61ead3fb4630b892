extension ModelCatalogue {
  /// Why a model list could not be read.
  public struct ListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What can be wrong with one entry.
    public enum Fault: Equatable, Sendable {
      /// More than `id|Display name|context window`.
      case tooManyParts
      /// Nothing before the first `|`.
      case emptyID
      /// A third part that is not a positive whole number.
      case contextWindowNotPositive
    }

    /// The entry that was wrong.
    public let entry: String
    /// What was wrong with it.
    public let fault: Fault

    /// What was wrong, in English (for the log).
    public var reason: String {
      switch fault {
      case .tooManyParts: "too many '|' parts"
      case .emptyID: "the id is empty"
      case .contextWindowNotPositive: "the context window is not a positive number"
      }
    }

    /// A developer-facing description.
    public var description: String { "model entry \"\(entry)\": \(reason)" }
  }

  /// Parses a model list such as the `KILN_MODELS` setting.
  ///
  /// Entries are separated by commas or line breaks; each is `id`, `id|Display name` or
  /// `id|Display name|context window` (a whole number of tokens). Whitespace around each
  /// part is ignored and empty entries are skipped:
  /// `llama3.2|Llama 3.2|131072, qwen2.5:7b`.
  /// - Throws: `ListError` for an empty id, too many parts, or a context window that is not
  ///   a positive whole number.
  public static func parseList(_ text: String) throws(ListError) -> [ModelInfo] {
    var models: [ModelInfo] = []
    for rawEntry in text.split(whereSeparator: { $0 == "," || $0.isNewline }) {
      let entry = rawEntry.trimmingWhitespace()
      if entry.isEmpty { continue }
      let parts = entry.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingWhitespace() }
      guard parts.count <= 3 else { throw ListError(entry: entry, fault: .tooManyParts) }
      guard !parts[0].isEmpty else { throw ListError(entry: entry, fault: .emptyID) }
      var contextWindow: Int?
      if parts.count == 3, !parts[2].isEmpty {
        guard let tokens = Int(parts[2].filter { $0 != "_" }), tokens > 0 else {
          throw ListError(entry: entry, fault: .contextWindowNotPositive)
        }
        contextWindow = tokens
      }
      let name = parts.count >= 2 && !parts[1].isEmpty ? parts[1] : nil
      models.append(
        ModelInfo(id: ModelID(parts[0]), displayName: name, contextWindow: contextWindow))
    }
    return models
  }
}

extension StringProtocol {
  /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
