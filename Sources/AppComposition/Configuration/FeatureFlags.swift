/// Switches decided by configuration and build type.
///
/// Only switches something reads are kept: the seed's diagnostics and crash-reporting flags
/// had no reader and were removed. `chatSyncEnabled` turns sync on (`SyncCoordinator`) for a
/// signed-in account.
public struct FeatureFlags: Equatable, Sendable {
  /// Sync chats to the account (`CHAT_SYNC_ENABLED`, opt-in everywhere).
  public var chatSyncEnabled: Bool
  /// Use mock accounts and payments (`AUTH_BYPASS` unless `0`, development builds only).
  public var usesMockServices: Bool

  public init(chatSyncEnabled: Bool, usesMockServices: Bool) {
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
      chatSyncEnabled: configuration.bool(.chatSyncEnabled) == true,
      usesMockServices: isDevelopmentBuild && bypass != "0")
  }
}
