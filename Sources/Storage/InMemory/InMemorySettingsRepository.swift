/// The in-memory twin of `SQLiteSettingsRepository`.
public actor InMemorySettingsRepository: SettingsRepository {
  private var saved: SettingsDTO?

  /// A repository holding `settings`, or nothing (so `load()` returns the defaults).
  public init(_ settings: SettingsDTO? = nil) {
    saved = settings
  }

  /// The saved settings, or `SettingsDTO.defaults` when nothing was saved.
  public func load() -> SettingsDTO {
    saved ?? .defaults
  }

  /// Saves the settings, replacing what was saved.
  public func save(_ settings: SettingsDTO) {
    saved = settings
  }
}
