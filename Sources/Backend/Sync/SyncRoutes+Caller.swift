import Foundation
import JOSE

/// Who a sync request speaks for: the `apikey` gate and the bearer token, judged by the
/// same judge as the proxy's.
extension SyncRoutes {
  /// Refuses a request whose `apikey` is not one of the project's keys, as the auth routes
  /// do (decision 93): `/rest/v1` sits behind the same gate as `/auth/v1` on Supabase.
  func requireAPIKey(_ request: BackendRequest) async throws(SyncCallError) {
    guard let presented = request.header("apikey") else { throw .noAPIKey }
    let known: Bool
    do {
      known = try await keyring.isAPIKey(presented)
    } catch {
      throw .keysUnavailable
    }
    guard known else { throw .noAPIKey }
  }

  /// The signed-in user `request`'s bearer token speaks for, with its verified claims as
  /// JSON text (what PostgREST puts in `request.jwt.claims`).
  ///
  /// The project's anon key in place of a token runs as `anon`, and its service-role key
  /// as `service_role`, as on Supabase; neither may call the functions.
  func caller(
    of request: BackendRequest, calling function: SyncFunction
  ) async throws(SyncCallError) -> SyncCaller {
    let authorization = request.header("Authorization")
    let principal: Principal
    do {
      principal = try await tokens.principal(authorization: authorization)
    } catch {
      throw try await refusal(of: authorization, rejected: error, calling: function)
    }
    switch principal {
    case .serviceRole:
      throw .notAUser(function)
    case .user(let subject, let claims):
      guard let userID = UUID(uuidString: subject) else { throw .notAUser(function) }
      return SyncCaller(userID: userID, claims: JSONText.serialize(.object(claims.members)))
    }
  }

  /// Why a header the judge refused is refused: no token (or not a bearer token) and the
  /// anon key are anonymous (401 `42501`); the service-role key and a genuine token with
  /// another role are not a user (403 `42501`); anything else fails verification (401
  /// `PGRST301`).
  private func refusal(
    of authorization: String?, rejected rejection: JWTRejection, calling function: SyncFunction
  ) async throws(SyncCallError) -> SyncCallError {
    guard rejection != .noAuthorization, let token = Self.bearerToken(authorization) else {
      return .anonymous(function)
    }
    do {
      if try await keyring.isServiceRoleKey(token, now: clock.now()) {
        return .notAUser(function)
      }
      if try await keyring.isAPIKey(token) { return .anonymous(function) }
    } catch {
      throw .keysUnavailable
    }
    return rejection == .roleNotAllowed ? .notAUser(function) : .invalidToken(rejection)
  }

  /// The token of a `Bearer <token>` header, or `nil`.
  static func bearerToken(_ authorization: String?) -> String? {
    guard let authorization, authorization.count > 7,
      authorization.prefix(7).lowercased() == "bearer "
    else { return nil }
    let token = authorization.dropFirst(7).trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }
}
