import Core
import Foundation

extension SessionManager {
  /// Asks GoTrue whose session this is (`GET /user`), renewing the access token first when it
  /// is due. A token the server rejects (revoked, or rotated elsewhere) is renewed once and
  /// the question asked again; a session the server ended signs out. When the server cannot be
  /// reached, or fails, the stored account comes back unconfirmed with the reason.
  public func confirmAccount() async -> AccountConfirmation {
    guard await keeper.session != nil else { return .signedOut }
    do {
      guard let token = try await validAccessToken() else { return .signedOut }
      let user: AuthUser
      do {
        user = try await api.user(accessToken: token)
      } catch let error as AuthError where Self.rejectsAccessToken(error) {
        logger.notice("the server rejected the access token; renewing it", category: .auth)
        user = try await api.user(accessToken: try await renewAccessToken(rejected: token))
      }
      logger.info("the server confirmed the account", category: .auth)
      return .confirmed(user)
    } catch AuthError.sessionExpired, AuthError.notSignedIn {
      return .signedOut
    } catch {
      let reason = AppError.from(error)
      logger.notice("could not confirm the account: \(reason.code)", category: .auth)
      // Signed out meanwhile (`sessionChanged`): nothing is stored to show.
      guard let user = await keeper.session?.user else { return .signedOut }
      return .unconfirmed(user, reason: reason)
    }
  }

  /// Whether GoTrue refused the access token itself (401, or 403 for a JWT whose session is
  /// gone), as opposed to failing for another reason.
  static func rejectsAccessToken(_ error: AuthError) -> Bool {
    guard case .server(let serverError) = error else { return false }
    return serverError.status == 401 || serverError.status == 403
  }
}
