import Foundation

/// Where a newest-first message page continues: strictly older than this message by
/// `(createdAt, id)`.
///
/// Because the position is a value in the sort order rather than an offset, messages added
/// while the user pages (newer ones above, or any elsewhere) never cause a row to be skipped
/// or repeated. `Codable` so a screen can persist it; the JSON form is
/// `{"created_ms": <Int>, "id": "<UUID>"}`.
public struct MessageCursor: Sendable, Equatable, Hashable, Codable {
  let createdAt: Date
  let id: UUID

  /// The cursor just after `message` in newest-first order.
  public init(_ message: MessageDTO) {
    createdAt = StorageTime.normalized(message.createdAt)
    id = message.id
  }

  /// Whether `message` comes after this cursor in newest-first order.
  func precedes(_ message: MessageDTO) -> Bool {
    isNewer((createdAt, id), than: (message.createdAt, message.id))
  }

  private enum CodingKeys: String, CodingKey {
    case createdAt = "created_ms"
    case id
  }

  /// Decodes the stable JSON form.
  /// - Throws: `DecodingError` for any other shape.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    createdAt = StorageTime.date(
      milliseconds: try container.decode(Int64.self, forKey: .createdAt))
    id = try container.decode(UUID.self, forKey: .id)
  }

  /// Encodes the stable JSON form.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(StorageTime.milliseconds(createdAt), forKey: .createdAt)
    try container.encode(id, forKey: .id)
  }
}
