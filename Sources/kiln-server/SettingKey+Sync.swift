import Backend

/// The sync routes' key (issue 20): how large a `sync_push` body may be.
extension SettingKey {
  static let syncMaxBodyBytes = SettingKey(
    name: "SYNC_MAX_BODY_BYTES", summary: "largest sync_pull/sync_push body, in bytes (then 413)")

  static let syncKeys: [SettingKey] = [syncMaxBodyBytes]
}

/// The value that key gives.
struct SyncSettings: Equatable {
  /// The largest body the sync routes answer; the HTTP server reads up to twice as much, so
  /// a body over it still gets PostgREST's 413 JSON (decision 107's rule for the proxy).
  var maxBodyBytes = SyncRoutes.defaultMaximumBodyBytes

  static func resolve(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> SyncSettings {
    // Up to 512 MiB, so twice the limit stays a sensible server limit.
    SyncSettings(
      maxBodyBytes: try resolver.integer(
        .syncMaxBodyBytes, default: SyncRoutes.defaultMaximumBodyBytes,
        in: 1_024...(512 * 1024 * 1024)))
  }
}
