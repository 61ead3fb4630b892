import Foundation
import JOSE

/// GoTrue's user object, addresses and passwords, as every part of the service reads them.
extension AuthRoutes {
  /// The address in `body["email"]`, normalised and checked.
  func email(in body: [String: StrictJSONValue], missing: String) throws(AuthFailure) -> String {
    guard let text = body["email"]?.stringValue, !text.isEmpty else {
      throw .validation(missing)
    }
    let email = AuthService.normalizedEmail(text)
    guard AuthService.isPlausibleEmail(email) else {
      throw .validation("Unable to validate email address: invalid format")
    }
    return email
  }

  /// Refuses a password the policy does not allow (`weak_password`, 422, with reasons).
  func checkPolicy(_ password: String) throws(AuthFailure) {
    guard password.count >= configuration.minimumPasswordLength else {
      throw .weakPassword(minimumLength: configuration.minimumPasswordLength)
    }
  }

  static func timestamp(_ date: Date) -> StrictJSONValue {
    .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
  }

  /// The stored metadata as a JSON object.
  static func metadata(of user: AuthUserRecord) throws(AuthFailure) -> [String: StrictJSONValue] {
    do {
      return try StrictJSONParser().parseObject(Array(user.metadataJSON.utf8))
    } catch {
      throw .unexpected
    }
  }

  /// `app_metadata`: the providers that sign in to the account (`email` for a password
  /// first, then the linked ones, oldest first) and the first of them, as GoTrue keeps it.
  static func appMetadata(
    _ user: AuthUserRecord, identities: [AuthIdentityRecord]
  ) -> StrictJSONValue {
    var providers: [String] = user.password == nil ? [] : ["email"]
    for identity in identities where !providers.contains(identity.provider) {
      providers.append(identity.provider)
    }
    return .object([
      "provider": .string(providers.first ?? "email"),
      "providers": .array(providers.map(StrictJSONValue.string)),
    ])
  }

  /// The provider identities of `user`, oldest first.
  func identities(of user: AuthUserRecord) async throws(AuthFailure) -> [AuthIdentityRecord] {
    try await stored { () async throws(AuthStoreError) in
      try await store.identities(ofUser: user.id)
    }
  }

  /// GoTrue's user object for `user`, with its identities read from the store.
  func userJSON(_ user: AuthUserRecord) async throws(AuthFailure) -> StrictJSONValue {
    try Self.userObject(user, identities: try await identities(of: user))
  }

  /// GoTrue's user object: the `email` identity of a password account, then each linked
  /// provider identity.
  static func userObject(
    _ user: AuthUserRecord, identities: [AuthIdentityRecord]
  ) throws(AuthFailure) -> StrictJSONValue {
    let id = StrictJSONValue.string(user.id.uuidString.lowercased())
    var objects: [StrictJSONValue] = []
    if user.password != nil {
      var identity: [String: StrictJSONValue] = [
        "identity_id": id, "id": id, "user_id": id, "provider": .string("email"),
        "email": .string(user.email),
        "identity_data": .object([
          "sub": id, "email": .string(user.email),
          "email_verified": .bool(user.confirmedAt != nil), "phone_verified": .bool(false),
        ]),
        "created_at": timestamp(user.createdAt), "updated_at": timestamp(user.updatedAt),
      ]
      if let lastSignInAt = user.lastSignInAt {
        identity["last_sign_in_at"] = timestamp(lastSignInAt)
      }
      objects.append(.object(identity))
    }
    for linked in identities { objects.append(try identityObject(linked, of: user)) }
    var members: [String: StrictJSONValue] = [
      "id": id, "aud": .string("authenticated"), "role": .string("authenticated"),
      "email": .string(user.email), "phone": .string(""),
      "app_metadata": appMetadata(user, identities: identities),
      "user_metadata": .object(try metadata(of: user)), "created_at": timestamp(user.createdAt),
      "updated_at": timestamp(user.updatedAt), "is_anonymous": .bool(false),
    ]
    if let confirmedAt = user.confirmedAt {
      members["email_confirmed_at"] = timestamp(confirmedAt)
      members["confirmed_at"] = timestamp(confirmedAt)
    }
    if let lastSignInAt = user.lastSignInAt {
      members["last_sign_in_at"] = timestamp(lastSignInAt)
    }
    members["identities"] = .array(objects)
    return .object(members)
  }

  /// A linked provider identity as GoTrue shows it: `id` is the provider's id for the user.
  static func identityObject(
    _ identity: AuthIdentityRecord, of user: AuthUserRecord
  ) throws(AuthFailure) -> StrictJSONValue {
    let data: [String: StrictJSONValue]
    do {
      data = try StrictJSONParser().parseObject(Array(identity.identityDataJSON.utf8))
    } catch {
      throw .unexpected
    }
    var members: [String: StrictJSONValue] = [
      "identity_id": .string(identity.id.uuidString.lowercased()),
      "id": .string(identity.providerSubject),
      "user_id": .string(identity.userID.uuidString.lowercased()),
      "provider": .string(identity.provider), "identity_data": .object(data),
      "created_at": timestamp(identity.createdAt), "updated_at": timestamp(identity.updatedAt),
    ]
    if let email = identity.email { members["email"] = .string(email) }
    if let lastSignInAt = identity.lastSignInAt ?? user.lastSignInAt {
      members["last_sign_in_at"] = timestamp(lastSignInAt)
    }
    return .object(members)
  }

  static func json(_ value: StrictJSONValue, status: Int = 200) -> BackendResponse {
    .json(status: status, Array(JSONText.serialize(value).utf8))
  }
}
