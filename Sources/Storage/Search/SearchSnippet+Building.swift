import Foundation

extension SearchSnippet {
  /// An excerpt of `text` around its first word that matches `terms`: a few words before,
  /// more after, `…` where text was cut, every matching word in the excerpt marked.
  static func build(
    text: String, terms: [MessageSearch.Term], wordsBefore: Int = 6, wordsAfter: Int = 12
  ) -> SearchSnippet {
    let words = MessageSearch.words(in: text)
    let isMatch = words.map { word in terms.contains { $0.matches(word.word) } }
    guard let first = isMatch.firstIndex(of: true) else {
      return SearchSnippet(segments: [Segment(text: String(text.prefix(80)), isMatch: false)])
    }
    let lower = max(0, first - wordsBefore)
    let upper = min(words.count - 1, first + wordsAfter)
    var segments: [Segment] = []
    var cursor = words[lower].range.lowerBound
    if lower > 0 { segments.append(Segment(text: "…", isMatch: false)) }
    for index in lower...upper {
      let range = words[index].range
      if isMatch[index] {
        if cursor < range.lowerBound {
          segments.append(Segment(text: String(text[cursor..<range.lowerBound]), isMatch: false))
        }
        segments.append(Segment(text: String(text[range]), isMatch: true))
        cursor = range.upperBound
      }
    }
    let end = words[upper].range.upperBound
    if cursor < end {
      segments.append(Segment(text: String(text[cursor..<end]), isMatch: false))
    }
    if upper < words.count - 1 { segments.append(Segment(text: "…", isMatch: false)) }
    return SearchSnippet(segments: mergeAdjacentPlain(segments))
  }

  private static func mergeAdjacentPlain(_ segments: [Segment]) -> [Segment] {
    var merged: [Segment] = []
    for segment in segments {
      if let last = merged.last, !last.isMatch, !segment.isMatch {
        merged[merged.count - 1].text += segment.text
      } else {
        merged.append(segment)
      }
    }
    return merged
  }
}
