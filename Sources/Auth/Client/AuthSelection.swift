/// Whether the app should use `MockAuthClient` instead of the real `SessionManager`.
///
/// The seed's rule, applied the same way everywhere (auth and payments): in a debug build the
/// mock is used unless `AUTH_BYPASS` is exactly `"0"`; a release build always uses real auth.
/// So an unset `AUTH_BYPASS` in a debug build means the mock, and removing the variable does
/// not turn the bypass off: only `AUTH_BYPASS=0` does.
///
/// `isDebugBuild` is the caller's decision. On Linux the terminal app is built by developers
/// and has no App Store "release" configuration, so it counts as a debug-like build unless the
/// app's configuration says otherwise; the app passes that flag here rather than this module
/// guessing it from compiler conditions.
/// - Parameters:
///   - environment: the process environment (or the parsed configuration), injected.
///   - isDebugBuild: whether this is a developer build.
public func useMockAuth(environment: [String: String], isDebugBuild: Bool) -> Bool {
  isDebugBuild && environment["AUTH_BYPASS"] != "0"
}
