/// The longest strings docs/SYNC.md §1 allows in a row, in characters (Unicode scalars).
enum SyncRowLimits {
  /// `title`, `persona_name`, `persona_id`.
  static let title = 1000
  /// A message's `content` and `reasoning`.
  static let messageContent = 1_000_000
  /// A memory's `content`.
  static let memoryContent = 100_000
  /// `model`, `finish_reason`, `error_code`, `source`, `status`, `role`.
  static let label = 200
}
