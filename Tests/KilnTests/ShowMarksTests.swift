import Foundation
import TestSupport
import Testing

/// `kiln show` marks replies that did not end as written (the JSON has `status` and
/// `finish_reason`; the text must say the same), in the user's language.
@Suite struct ShowMarksTests {
  private static let conversationID = "01A233C8-0000-7000-8000-00000000CAFE"

  private static func message(
    _ index: Int, _ role: String, _ text: String, status: String = "complete",
    extra: [String: Any] = [:]
  ) -> [String: Any] {
    [
      "id": "01A233C8-0000-7000-8000-00000000000\(index)", "role": role, "text": text,
      "createdAt": "2026-06-01T12:00:0\(index).000Z", "status": status,
      "isOnActivePath": true,
    ].merging(extra) { $1 }
  }

  private static func importedHome() async throws -> ChatTestHome {
    let home = try ChatTestHome()
    let messages: [[String: Any]] = [
      message(1, "user", "first question"),
      message(2, "assistant", "a reply that was stopped", status: "cancelled"),
      message(3, "user", "second question"),
      message(4, "assistant", "a reply cut short", extra: ["finishReason": "length"]),
      message(5, "user", "third question"),
      message(6, "assistant", "", status: "failed", extra: ["errorCode": "rate_limited"]),
      message(7, "user", "fourth question"),
      message(8, "assistant", "a whole reply", extra: ["finishReason": "stop"]),
    ]
    let archive: [String: Any] = [
      "format": "kiln.chat-archive", "version": 1, "exportedAt": "2026-06-01T12:00:00.000Z",
      "conversations": [
        [
          "id": conversationID, "title": "marks", "createdAt": "2026-06-01T12:00:00.000Z",
          "updatedAt": "2026-06-01T12:00:09.000Z", "isPinned": false, "isArchived": false,
          "messages": messages,
        ]
      ],
    ]
    let file = home.root.appendingPathComponent("marks.json")
    try JSONSerialization.data(withJSONObject: archive).write(to: file)
    let run = try await home.runWithPipes(["import", file.path], input: "")
    #expect(run.status == 0, "\(run.error)")
    return home
  }

  @Test func stoppedCutOffAndFailedRepliesAreMarkedAndAWholeOneIsNot() async throws {
    let home = try await Self.importedHome()
    let run = try await home.runWithPipes(["show", "cafe"], input: "")
    #expect(run.status == 0, "\(run.error)")
    // The mark is the line after the reply (Markdown ends a paragraph with a blank line).
    #expect(run.output.contains("a reply that was stopped\n\n[Stopped]\n"), "\(run.output)")
    #expect(run.output.contains("a reply cut short\n\n[Cut off at the model's token limit]\n"))
    #expect(run.output.contains("[The response could not be completed.: rate_limited]\n"))
    #expect(
      run.output.trimmingCharacters(in: .newlines).hasSuffix("a whole reply"), "\(run.output)")
    #expect(run.output.components(separatedBy: "\n[").count - 1 == 3)
  }

  @Test func theMarksAreInTheUsersLanguage() async throws {
    let home = try await Self.importedHome()
    let run = try await home.runWithPipes(
      ["show", "cafe"], input: "", environment: ["LANG": "es_ES.UTF-8"])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("[Detenido]"), "\(run.output)")
    #expect(run.output.contains("[Cortada por el límite de tokens del modelo]"))
  }
}
