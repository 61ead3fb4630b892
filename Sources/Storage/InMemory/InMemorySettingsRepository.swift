/// The in-memory twin of `SQLiteSettingsRepository`.
public actor InMemorySettingsRepository: SettingsRepository {
  private var saved: SettingsDTO?

  /// A repository holding `settings`, or nothing (so `load()` returns the defaults).
  public init(_ settings: SettingsDTO? = nil) {
    saved = settings
  }

  public func load() -> SettingsDTO {
    saved ?? .defaults
  }

  public func save(_ settings: SettingsDTO) {
    saved = settings
  }
}
