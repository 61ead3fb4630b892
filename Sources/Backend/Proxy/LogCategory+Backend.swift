import Core

extension LogCategory {
  /// kiln-server's Backend handlers (proxy, entitlements, ledger).
  public static let backend: Self = "backend"
}
