/// The tables sync moves between a device and the server (docs/SYNC.md).
public enum SyncTable: String, Sendable, Hashable, CaseIterable, Codable {
  case conversations
  case messages
  case memories

  /// The table's merge keys: each names a group of columns that one clock covers.
  public var mergeKeys: [String] {
    switch self {
    case .conversations: ["title", "persona", "is_pinned", "is_archived"]
    case .messages: ["body"]
    case .memories: ["content", "source"]
    }
  }
}

/// What a change does to its row.
public enum SyncOperation: String, Sendable, Hashable, Codable {
  /// Creates the row or changes some of its merge keys.
  case upsert
  /// Makes the row a tombstone.
  case delete
}
