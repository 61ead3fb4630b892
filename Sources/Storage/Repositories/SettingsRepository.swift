/// Settings, loaded and saved as one value.
public protocol SettingsRepository: Sendable {
  /// The saved settings, or `SettingsDTO.defaults` when nothing was saved.
  /// - Throws: `StorageError` when the read fails.
  func load() async throws -> SettingsDTO

  /// Saves the settings, replacing what was saved.
  /// - Throws: `StorageError` when the write fails.
  func save(_ settings: SettingsDTO) async throws
}
