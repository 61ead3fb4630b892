import Core
import Foundation

extension SessionKeeper {
  /// As `SessionManager.validAccessToken()`: the token, renewed first when due; a token not
  /// yet expired is still returned when renewing it failed for a transient reason.
  func validAccessToken() async throws -> String? {
    guard let current = session else { return nil }
    let now = clock.now()
    guard current.needsRefresh(at: now, margin: policy.margin) else { return current.accessToken }
    do {
      return try await refreshSession(showingProgress: current.isExpired(at: now)).accessToken
    } catch let error as AuthError where error == .sessionExpired || error == .sessionChanged {
      throw error
    } catch {
      guard let still = session, !still.isExpired(at: clock.now()) else { throw error }
      return still.accessToken
    }
  }

  /// `validAccessToken()` and the generation it belongs to, read at once.
  func validAccessTokenAndGeneration() async throws -> (token: String?, generation: Int) {
    let token = try await validAccessToken()
    return (token, generation)
  }

  /// As `SessionManager.refreshIfNeeded()`.
  func refreshIfNeeded() async throws {
    guard let current = session else { return }
    let now = clock.now()
    guard current.needsRefresh(at: now, margin: policy.margin) else { return }
    _ = try await refreshSession(showingProgress: current.isExpired(at: now))
  }

  /// As `SessionManager.renewAccessToken(rejected:)`.
  func renewAccessToken(rejected rejectedToken: String) async throws -> String {
    guard let current = session else { throw AuthError.notSignedIn }
    guard current.accessToken == rejectedToken else { return current.accessToken }
    return try await refreshSession(showingProgress: false).accessToken
  }
}
