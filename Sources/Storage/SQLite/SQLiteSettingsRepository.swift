import Foundation

/// `SettingsRepository` over a `StorageDatabase`: one JSON document in the `settings` table,
/// read leniently so a field added or a value written by a newer app never stops it loading.
public struct SQLiteSettingsRepository: SettingsRepository {
  private let database: StorageDatabase

  /// A repository over `database`.
  public init(database: StorageDatabase) {
    self.database = database
  }

  /// The saved settings, or `SettingsDTO.defaults` when nothing was saved.
  /// - Throws: `StorageError` when the read fails.
  public func load() async throws -> SettingsDTO {
    let document = try await database.read { connection in
      try connection.first("SELECT document FROM settings WHERE id = 1") { $0.string(0) }
    }
    guard let document else { return .defaults }
    do {
      return try JSONDecoder().decode(SettingsDTO.self, from: Data(document.utf8))
    } catch {
      // The row exists but is not a JSON object: damaged, never half-written (transactions).
      throw StorageError.corrupted("settings document: \(error)")
    }
  }

  /// Saves the settings, replacing what was saved.
  /// - Throws: `StorageError` when the write fails.
  public func save(_ settings: SettingsDTO) async throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let document = String(decoding: try encoder.encode(settings), as: UTF8.self)
    try await database.write { connection in
      try connection.run(
        """
        INSERT INTO settings (id, document) VALUES (1, ?)
        ON CONFLICT (id) DO UPDATE SET document = excluded.document
        """, document)
    }
  }
}
