import Foundation
import Storage
import TestSupport

/// Rows, clocks and their wire JSON for the tests, written by hand so the codec is checked
/// against the contract's text and not against itself.
enum SyncSamples {
  static let account = UUID(uuidString: "A11CE000-0000-4000-8000-0000000000A1") ?? UUID()
  static let otherAccount = UUID(uuidString: "B0B00000-0000-4000-8000-0000000000B2") ?? UUID()
  static let deviceID = UUID(uuidString: "DE71CE00-0000-4000-8000-0000000000D1") ?? UUID()
  static let otherDevice = "0ede71ce-0000-4000-8000-0000000000d2"

  /// 2026-06-01T12:00:00.000Z.
  static let created = Fixture.referenceDate
  static let createdText = "2026-06-01T12:00:00.000Z"
  static let updated = Fixture.referenceDate.addingTimeInterval(61.5)
  static let updatedText = "2026-06-01T12:01:01.500Z"

  /// A clock value at `created` plus `offset` milliseconds.
  static func clock(_ offset: Int = 0, counter: Int = 0, device: String = otherDevice) -> String {
    let milliseconds = String(StorageTime.milliseconds(created) + Int64(offset))
    let digits = String(repeating: "0", count: 15 - milliseconds.count) + milliseconds
    let count = String(counter)
    return digits + "-" + String(repeating: "0", count: 5 - count.count) + count + "-" + device
  }

  static func conversation(_ n: Int, title: String = "Trip plans") -> ConversationDTO {
    ConversationDTO(
      id: Fixture.uuid(n), title: title, personaName: "Coach", personaID: "coach",
      createdAt: created, updatedAt: updated, isPinned: true, isArchived: false)
  }

  static func message(_ n: Int, in conversation: Int, text: String = "Hello") -> MessageDTO {
    MessageDTO(
      id: Fixture.uuid(n), conversationID: Fixture.uuid(conversation), parentID: nil,
      role: .assistant, text: text, createdAt: created, status: .complete, model: "m-1",
      finishReason: "stop", promptTokens: 12, completionTokens: 34, reasoning: nil,
      errorCode: nil)
  }

  static func memory(_ n: Int, text: String = "Likes tea") -> MemoryDTO {
    MemoryDTO(
      id: Fixture.uuid(n), text: text, createdAt: created, updatedAt: updated, source: .user)
  }

  /// The lower-case wire spelling of `Fixture.uuid(n)`.
  static func id(_ n: Int) -> String { Fixture.uuid(n).uuidString.lowercased() }

  // MARK: - Wire rows

  static func conversationRow(
    _ n: Int, title: String = "Trip plans", seq: Int64, clocks: String? = nil,
    uppercase: Bool = false
  ) -> String {
    let id = uppercase ? id(n).uppercased() : id(n)
    return """
      {"id":"\(id)","user_id":"\(account.uuidString.lowercased())","title":"\(title)",\
      "persona_name":"Coach","persona_id":"coach","is_pinned":true,"is_archived":false,\
      "created_at":"\(createdText)","updated_at":"\(updatedText)","deleted_at":null,\
      "change_seq":\(seq),"clocks":\(clocks ?? #"{"title":"\#(clock())"}"#)}
      """
  }

  static func conversationTombstone(_ n: Int, seq: Int64) -> String {
    """
    {"id":"\(id(n))","user_id":"\(account.uuidString.lowercased())","title":"",\
    "persona_name":null,"persona_id":null,"is_pinned":null,"is_archived":null,\
    "created_at":"\(createdText)","updated_at":null,"deleted_at":"\(updatedText)",\
    "change_seq":\(seq),"clocks":{"title":"\(clock(5))"}}
    """
  }

  static func messageRow(
    _ n: Int, in conversation: Int, text: String = "Hello", seq: Int64
  )
    -> String
  {
    """
    {"id":"\(id(n))","user_id":"\(account.uuidString.lowercased())",\
    "conversation_id":"\(id(conversation))","parent_id":null,"role":"assistant",\
    "content":"\(text)","status":"complete","model":"m-1","finish_reason":"stop",\
    "prompt_tokens":12,"completion_tokens":34,"reasoning":null,"error_code":null,\
    "created_at":"\(createdText)","deleted_at":null,"change_seq":\(seq),\
    "clocks":{"body":"\(clock(1))"}}
    """
  }

  static func memoryRow(_ n: Int, text: String = "Likes tea", seq: Int64) -> String {
    """
    {"id":"\(id(n))","user_id":"\(account.uuidString.lowercased())","content":"\(text)",\
    "source":"user","created_at":"\(createdText)","updated_at":"\(updatedText)",\
    "deleted_at":null,"change_seq":\(seq),"clocks":{"content":"\(clock(2))"}}
    """
  }

  /// A pull answer.
  static func pull(_ changes: [(String, String)], next: Int64, hasMore: Bool = false) -> String {
    let items = changes.map { #"{"table":"\#($0.0)","row":\#($0.1)}"# }
    return #"{"changes":[\#(items.joined(separator: ","))],"next":\#(next),"has_more":\#(hasMore)}"#
  }

  /// A push answer.
  static func push(_ results: [(id: String, status: String, row: String?)]) -> String {
    let items = results.map {
      #"{"id":"\#($0.id)","status":"\#($0.status)","row":\#($0.row ?? "null")}"#
    }
    return #"{"results":[\#(items.joined(separator: ","))]}"#
  }
}
