/// Switches decided by configuration and build type, as the seed's `FeatureFlags` does.
public struct FeatureFlags: Equatable, Sendable {
  /// Collect diagnostics: always in development builds, opt-in in release.
  public var diagnosticsEnabled: Bool
  /// Crash reporting: never in development builds, opt-in in release (Apple only).
  public var crashlyticsEnabled: Bool
  /// Sync chats to Supabase (opt-in everywhere).
  public var chatSyncEnabled: Bool
  /// Use mock accounts and payments (`AUTH_BYPASS` unless `0`, development builds only).
  public var usesMockServices: Bool

  public init(
    diagnosticsEnabled: Bool, crashlyticsEnabled: Bool, chatSyncEnabled: Bool,
    usesMockServices: Bool
  ) {
    self.diagnosticsEnabled = diagnosticsEnabled
    self.crashlyticsEnabled = crashlyticsEnabled
    self.chatSyncEnabled = chatSyncEnabled
    self.usesMockServices = usesMockServices
  }

  /// The flags for `configuration` in a development or release build.
  ///
  /// One rule decides mocks everywhere (the seed tested `AUTH_BYPASS` three different ways):
  /// a development build uses mocks unless `AUTH_BYPASS` is `0`; a release build never does.
  public static func resolve(
    _ configuration: Configuration, isDevelopmentBuild: Bool
  )
    -> FeatureFlags
  {
    let bypass = configuration.value(.authBypass)
    return FeatureFlags(
      diagnosticsEnabled: isDevelopmentBuild || configuration.bool(.diagnosticsEnabled) == true,
      crashlyticsEnabled: !isDevelopmentBuild && configuration.bool(.crashlyticsEnabled) == true,
      chatSyncEnabled: configuration.bool(.chatSyncEnabled) == true,
      usesMockServices: isDevelopmentBuild && bypass != "0")
  }
}
