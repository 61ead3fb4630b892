import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TerminalUI

extension InteractiveSession {
  /// `/search QUERY`: conversations whose title or persona matches, then messages with the
  /// matched words highlighted; every conversation shown gets a number for `/open N`.
  func search(_ query: String) async {
    history.searchText = query
    await history.searchSubmitted()
    let titles = history.repositoryMatches
    var hits: [MessageSearchHit] = []
    switch history.messageResults {
    case .results(let results): hits = results
    case .failed(let error): problem(error, doing: "search messages")
    case .idle, .searching: break
    }
    history.searchText = ""
    guard !titles.isEmpty || !hits.isEmpty else {
      hint(L10n.Chat.noResults(for: query))
      return
    }
    var numbers: [UUID: Int] = [:]
    listing = []
    func number(for id: UUID) -> Int {
      if let known = numbers[id] { return known }
      listing.append(id)
      numbers[id] = listing.count
      return listing.count
    }
    if !titles.isEmpty {
      say("Conversations", theme.heading)
      for item in titles { say(numbered(number(for: item.id), row(item)), cut: true) }
    }
    if !hits.isEmpty {
      say("Messages", theme.heading)
      for hit in hits {
        var line = StyledText(Row.title(hit.conversation.title), style: .plain.adding(.bold))
        line.append(": ")
        line.append(snippet(hit.snippet))
        say(numbered(number(for: hit.conversation.id), line), cut: true)
      }
    }
    hint("/open N opens one.")
  }

  /// A search excerpt on one line, the matched words in the accent colour (in brackets
  /// when the output has no styles).
  func snippet(_ snippet: SearchSnippet) -> StyledText {
    guard io.capabilities.usesStyles else {
      // Without styles the match still shows: in brackets.
      let marked = snippet.marked(open: "[", close: "]")
      return StyledText(marked.replacingOccurrences(of: "\n", with: " "))
    }
    var text = StyledText()
    for segment in snippet.segments {
      let flat = segment.text.replacingOccurrences(of: "\n", with: " ")
      text.append(flat, style: segment.isMatch ? theme.accent.adding(.bold) : theme.dim)
    }
    return text
  }
}
