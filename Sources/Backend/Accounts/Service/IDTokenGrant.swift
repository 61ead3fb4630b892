import Foundation
import JOSE

/// `POST /token?grant_type=id_token` (issue #18 item 6): Sign in with Apple or Google by
/// the provider's ID token, as GoTrue answers it.
///
/// The provider account (provider, `sub`) signs in to the account it is linked to. A new
/// one is linked to the account holding its address only when the provider says it
/// verified the address, so whoever controls a provider account with someone's address
/// unverified cannot take over their password account; otherwise a new account is made,
/// confirmed when the provider verified the address.
struct IDTokenGrant: AuthRoutes {
  let components: AuthComponents

  func idTokenGrant(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let body = try object(request)
    guard let provider = body["provider"]?.stringValue, !provider.isEmpty else {
      throw .validation("provider or client_id and issuer required")
    }
    guard let token = body["id_token"]?.stringValue, !token.isEmpty else {
      throw .validation("id_token required")
    }
    let nonce = body["nonce"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    guard let idTokens else { throw .providerDisabled(provider) }
    let identity = try await idTokens.verify(provider: provider, token: token, nonce: nonce)
    let user = try await account(for: identity)
    return try await startSession(for: user)
  }

  /// The account `identity` signs in to: the linked one, the one with its verified
  /// address (linked now), or a new one.
  private func account(
    for identity: IDTokenVerifier.Identity
  ) async throws(AuthFailure) -> AuthUserRecord {
    if let linked = try await linkedAccount(identity) { return linked }
    guard let email = identity.email else { throw .providerEmailMissing }
    let holder = try await stored { () async throws(AuthStoreError) in
      try await store.user(email: email)
    }
    let time = now
    if var holder {
      guard identity.emailVerified else { throw .unverifiedProviderEmail }
      let record = try identityRecord(identity, userID: holder.id, email: email, at: time)
      let addition = try await stored { () async throws(AuthStoreError) in
        try await store.addIdentity(record)
      }
      switch addition {
      case .added: break
      case .userNotFound: throw .userNotFound
      case .identityTaken:
        // Another request linked it first: sign in to wherever it went.
        guard let linked = try await linkedAccount(identity) else { throw .unexpected }
        return linked
      }
      if holder.confirmedAt == nil {
        // The provider has verified the address, as a followed link would.
        holder.confirmedAt = time
        holder.updatedAt = time
        let confirmed = holder
        _ = try await stored { () async throws(AuthStoreError) in
          try await store.updateUser(confirmed, endingSessions: nil)
        }
      }
      return holder
    }
    let data = identityData(identity, email: email)
    let user = AuthUserRecord(
      id: uuid(), email: email, password: nil, metadataJSON: JSONText.serialize(.object(data)),
      confirmedAt: identity.emailVerified ? time : nil, createdAt: time, updatedAt: time)
    let record = try identityRecord(identity, userID: user.id, email: email, at: time)
    let created = try await stored { () async throws(AuthStoreError) in
      try await store.createUser(user, identity: record)
    }
    if created { return user }
    // Another request made the account or linked the identity first.
    if let linked = try await linkedAccount(identity) { return linked }
    throw identity.emailVerified ? .unexpected : .unverifiedProviderEmail
  }

  private func linkedAccount(
    _ identity: IDTokenVerifier.Identity
  ) async throws(AuthFailure) -> AuthUserRecord? {
    guard
      let linked = try await stored({ () async throws(AuthStoreError) in
        try await store.identity(provider: identity.provider.rawValue, subject: identity.subject)
      })
    else { return nil }
    guard
      let user = try await stored({ () async throws(AuthStoreError) in
        try await store.user(id: linked.userID)
      })
    else { throw .userNotFound }
    return user
  }

  private func identityRecord(
    _ identity: IDTokenVerifier.Identity, userID: UUID, email: String, at time: Date
  ) throws(AuthFailure) -> AuthIdentityRecord {
    AuthIdentityRecord(
      id: uuid(), userID: userID, provider: identity.provider.rawValue,
      providerSubject: identity.subject, email: email,
      identityDataJSON: JSONText.serialize(.object(identityData(identity, email: email))),
      createdAt: time, updatedAt: time)
  }

  /// What GoTrue keeps of an ID token as `identity_data` (and a new account's
  /// `user_metadata`): the issuer, the subject, the address and whether it is verified,
  /// and the name and picture when the token has them.
  private func identityData(
    _ identity: IDTokenVerifier.Identity, email: String
  ) -> [String: StrictJSONValue] {
    var data: [String: StrictJSONValue] = [
      "iss": identity.claims["iss"] ?? .null, "sub": .string(identity.subject),
      "provider_id": .string(identity.subject), "email": .string(email),
      "email_verified": .bool(identity.emailVerified), "phone_verified": .bool(false),
    ]
    for name in ["name", "full_name", "picture"] {
      if case .string(let text)? = identity.claims[name] { data[name] = .string(text) }
    }
    return data
  }
}
