/// One result of a full-text message search.
public struct MessageSearchHit: Sendable, Equatable {
  /// The matching message.
  public var message: MessageDTO
  /// The conversation it belongs to.
  public var conversation: ConversationDTO
  /// A short excerpt around the first match, with the matched words marked.
  public var snippet: SearchSnippet

  /// A search result.
  public init(message: MessageDTO, conversation: ConversationDTO, snippet: SearchSnippet) {
    self.message = message
    self.conversation = conversation
    self.snippet = snippet
  }
}

/// An excerpt of a message split into plain and matched segments, so each UI can mark
/// matches its own way (bold in SwiftUI, reverse video in a terminal).
public struct SearchSnippet: Sendable, Equatable {
  /// One run of text and whether it matched the query.
  public struct Segment: Sendable, Equatable {
    /// The text of the run.
    public var text: String
    /// Whether the run is a matched word.
    public var isMatch: Bool

    /// A run of text.
    public init(text: String, isMatch: Bool) {
      self.text = text
      self.isMatch = isMatch
    }
  }

  /// The runs in order.
  public var segments: [Segment]

  /// A snippet from its runs.
  public init(segments: [Segment]) {
    self.segments = segments
  }

  /// The excerpt without marks.
  public var plainText: String { segments.map(\.text).joined() }

  /// The matched words, in order.
  public var matches: [String] { segments.filter(\.isMatch).map(\.text) }

  /// The excerpt with every match wrapped in `open` and `close`, e.g. `**` for Markdown.
  public func marked(open: String, close: String) -> String {
    segments.map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
  }
}
