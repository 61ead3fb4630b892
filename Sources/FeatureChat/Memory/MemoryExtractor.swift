import Foundation

/// Finds a fact to remember in a user's message.
///
/// A message that starts with "remember that …", "remember: …", "please remember that …"
/// (or Spanish "recuerda que …", "por favor recuerda que …"), ignoring case, yields the rest
/// as a fact, first letter capitalized and trailing `.` or `!` removed. Questions ("remember
/// that film we saw?") and instructions that only mention remembering somewhere later are
/// not facts. The message is still sent to the model as usual.
public enum MemoryExtractor {
  private static let openings = [
    "please remember that ", "please remember: ", "please remember:",
    "remember that ", "remember: ", "remember:",
    "por favor recuerda que ", "recuerda que ",
  ]

  /// The fact `message` asks to remember, or `nil`.
  public static func fact(in message: String) -> String? {
    let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.hasSuffix("?") else { return nil }
    for opening in openings {
      guard let range = text.range(of: opening, options: [.caseInsensitive, .anchored]) else {
        continue
      }
      var fact = text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
      while let last = fact.last, last == "." || last == "!" {
        fact.removeLast()
      }
      fact = fact.trimmingCharacters(in: .whitespacesAndNewlines)
      guard let first = fact.first else { return nil }
      return first.uppercased() + fact.dropFirst()
    }
    return nil
  }
}
