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
  /// Renders `messages` (oldest first) of `conversation`, with times in `timeZone` and the
  /// words of `labels` (English unless the caller passes its interface language's).
  public static func render(
    _ conversation: ConversationDTO, messages: [MessageDTO], timeZone: TimeZone,
    labels: Labels = .english
  ) -> String {
    func time(_ date: Date) -> String {
      let offset = timeZone.secondsFromGMT(for: date)
      return
        "\(ArchiveDate.readable(date, offsetSeconds: offset)) \(ArchiveDate.offsetLabel(offset))"
    }
    var lines = ["# \(singleLine(conversation.title))", ""]
    let personaName =
      conversation.personaID.flatMap { labels.personaNames[$0] } ?? conversation.personaName
    if let persona = personaName {
      lines.append("- \(labels.persona): \(singleLine(persona))")
    }
    lines.append("- \(labels.created): \(time(conversation.createdAt))")
    lines.append("- \(labels.updated): \(time(conversation.updatedAt))")
    lines += ["", "---"]
    for message in messages {
      var heading = "### \(author(message.role, labels)) · \(time(message.createdAt))"
      if let model = message.model { heading += " · \(singleLine(model))" }
      if let note = statusNote(message.status, labels) { heading += " · _\(note)_" }
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

  private static func author(_ role: MessageRole, _ labels: Labels) -> String {
    switch role {
    case .user: return labels.you
    case .assistant: return labels.assistant
    case .system: return labels.system
    case .tool: return labels.tool
    default: return singleLine(role.rawValue.capitalized)
    }
  }

  private static func statusNote(_ status: MessageStatus, _ labels: Labels) -> String? {
    switch status {
    case .complete: return nil
    case .sending: return labels.sending
    case .streaming: return labels.incomplete
    case .failed: return labels.failed
    case .cancelled: return labels.stopped
    }
  }

  private static func singleLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
