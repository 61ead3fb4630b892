import Foundation

/// One conversation as readable Markdown: the title as a heading, the persona and dates,
/// then each message under a line naming its author and time (and the model for replies).
///
/// ```markdown
/// # Trip to Lisbon
///
/// - Persona: Travel Guide
/// - Created: 2026-06-01 12:00 UTC
/// - Updated: 2026-06-01 12:05 UTC
///
/// ---
///
/// ### You · 2026-06-01 12:00
///
/// Where should I eat?
///
/// ### Assistant · 2026-06-01 12:01 · model-x
///
/// Try the market hall.
/// ```
public enum ConversationMarkdown {
  /// Renders `messages` (oldest first) of `conversation`, with times in `timeZone`.
  public static func render(
    _ conversation: ConversationDTO, messages: [MessageDTO], timeZone: TimeZone
  ) -> String {
    func time(_ date: Date) -> String {
      let offset = timeZone.secondsFromGMT(for: date)
      return
        "\(ArchiveDate.readable(date, offsetSeconds: offset)) \(ArchiveDate.offsetLabel(offset))"
    }
    var lines = ["# \(singleLine(conversation.title))", ""]
    if let persona = conversation.personaName {
      lines.append("- Persona: \(singleLine(persona))")
    }
    lines.append("- Created: \(time(conversation.createdAt))")
    lines.append("- Updated: \(time(conversation.updatedAt))")
    lines += ["", "---"]
    for message in messages {
      var heading = "### \(author(message.role)) · \(time(message.createdAt))"
      if let model = message.model { heading += " · \(singleLine(model))" }
      if let note = statusNote(message.status) { heading += " · \(note)" }
      lines += ["", heading, ""]
      if let reasoning = message.reasoning, !reasoning.isEmpty {
        lines += reasoning.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "> \($0)" }
        lines.append("")
      }
      lines.append(message.text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func author(_ role: MessageRole) -> String {
    switch role {
    case .user: return "You"
    case .assistant: return "Assistant"
    case .system: return "System"
    case .tool: return "Tool"
    default: return singleLine(role.rawValue.capitalized)
    }
  }

  private static func statusNote(_ status: MessageStatus) -> String? {
    switch status {
    case .complete: return nil
    case .sending: return "_sending_"
    case .streaming: return "_incomplete_"
    case .failed: return "_failed_"
    case .cancelled: return "_stopped_"
    }
  }

  private static func singleLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
