import Foundation
import JOSE

/// `GET`/`PUT /user`, `POST /logout`, `GET /settings` and the delete-account function.
struct UserRoutes: AuthRoutes {
  let components: AuthComponents

  /// Who a request's bearer token speaks for, with the live account and session.
  struct Caller {
    let user: AuthUserRecord
    let session: AuthSessionRecord
  }

  /// The caller of `request`: a valid access token (401 `no_authorization` without one,
  /// 403 `bad_jwt` for a refused one) of an account that exists (404 `user_not_found`) and
  /// a session that has not ended (403 `session_not_found`).
  func caller(_ request: BackendRequest) async throws(AuthFailure) -> Caller {
    let principal: Principal
    do {
      principal = try await keyring.principal(authorization: request.header("Authorization"))
    } catch let rejection as JWTRejection {
      if rejection == .noAuthorization { throw .noAuthorization }
      throw .badJWT(rejection.explanation)
    } catch let failure as AuthFailure {
      throw failure
    } catch {
      throw .unexpected
    }
    guard case .user(let subject, let claims) = principal else {
      throw .badJWT("the token does not belong to a user")
    }
    guard let userID = UUID(uuidString: subject) else { throw .badJWT("sub is not a user id") }
    guard
      let user = try await stored({ () async throws(AuthStoreError) in
        try await store.user(id: userID)
      })
    else { throw .userNotFound }
    guard let sessionText = claims.sessionID, let sessionID = UUID(uuidString: sessionText),
      let session = try await stored({ () async throws(AuthStoreError) in
        try await store.session(id: sessionID)
      }),
      session.userID == userID
    else { throw .sessionNotFound }
    return Caller(user: user, session: session)
  }

  func currentUser(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    Self.json(try await userJSON(try await caller(request).user))
  }

  func updateUser(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let caller = try await caller(request)
    let body = try object(request)
    var user = caller.user
    var endingSessions: SessionSelection?
    if let data = body["data"] {
      guard let changes = data.objectValue else {
        throw .validation("data must be a JSON object")
      }
      var metadata = try Self.metadata(of: user)
      for (name, value) in changes {
        if value == .null { metadata[name] = nil } else { metadata[name] = value }
      }
      user.metadataJSON = JSONText.serialize(.object(metadata))
    }
    if body["email"] != nil {
      user.email = try email(in: body, missing: "email must not be empty")
    }
    if let member = body["password"] {
      guard let password = member.stringValue, !password.isEmpty else {
        throw .validation("password must be a non-empty string")
      }
      try checkPolicy(password)
      if let old = user.password, try await hasher.matches(password, old) {
        throw .samePassword
      }
      user.password = try await hasher.hash(password)
      // A new password ends every other session (a thief's included).
      endingSessions = .allExcept(caller.session.id)
    }
    user.updatedAt = now
    let outcome = try await stored { () async throws(AuthStoreError) in
      try await store.updateUser(user, endingSessions: endingSessions)
    }
    switch outcome {
    case .updated: return Self.json(try await userJSON(user))
    case .notFound: throw .userNotFound
    case .emailTaken: throw .emailExists
    }
  }

  func logout(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let selection: SessionSelection
    let caller = try await caller(request)
    switch request.queryValue("scope") ?? "global" {
    case "global": selection = .all
    case "local": selection = .only(caller.session.id)
    case "others": selection = .allExcept(caller.session.id)
    default: throw .validation("Unsupported logout scope")
    }
    _ = try await stored { () async throws(AuthStoreError) in
      try await store.endSessions(of: caller.user.id, selection)
    }
    return BackendResponse(status: 204)
  }

  func settings() -> BackendResponse {
    Self.json(
      .object([
        "external": .object([
          "email": .bool(true), "phone": .bool(false), "anonymous_users": .bool(false),
          "apple": .bool(idTokens?.enabledProviders.contains(.apple) == true),
          "google": .bool(idTokens?.enabledProviders.contains(.google) == true),
        ]),
        "disable_signup": .bool(false),
        "mailer_autoconfirm": .bool(!configuration.confirmsEmail),
        "phone_autoconfirm": .bool(false), "sms_provider": .string(""),
        "saml_enabled": .bool(false), "mfa_enabled": .bool(false),
      ]))
  }

  /// Deletes the caller's account: first what the rest of the server keeps (the hook), then
  /// the account with its sessions and tokens, then the hook once more for what a request
  /// in flight wrote meanwhile. A repeated call finds no account (404) or no valid token
  /// (401), never a server error.
  func deleteAccount(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let caller: Caller
    do {
      caller = try await self.caller(request)
    } catch let failure where failure.code == "bad_jwt" || failure.code == "session_not_found" {
      throw AuthFailure(status: 401, code: failure.code, message: failure.message)
    }
    let userID = caller.user.id.uuidString.lowercased()
    try await components.eraseBeforeDeleting(userID)
    guard
      try await stored({ () async throws(AuthStoreError) in
        try await store.deleteUser(id: caller.user.id)
      })
    else { throw .userNotFound }
    await components.eraseAfterDeleting(userID)
    return Self.json(.object(["deleted": .bool(true), "user_id": .string(userID)]))
  }
}
