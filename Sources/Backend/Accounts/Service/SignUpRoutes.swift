import Foundation
import JOSE

/// `POST /signup` and `POST /resend`, as GoTrue answers them.
///
/// With confirmation off (the default) a sign-up answers a session at once and a taken
/// address is `user_already_exists`. With it on (`AuthConfiguration.confirmsEmail`,
/// `AUTH_EMAIL_CONFIRM=on`) a new address gets an unconfirmed account and a mailed
/// `type=signup` link, and the answer is the user object without a session, with
/// `confirmation_sent_at`. An address that already has an account gets an answer of the
/// same shape about an account that does not exist (a random id), so sign-up cannot tell
/// anyone which addresses have accounts; only the address's owner hears of it, and only
/// while their account is still unconfirmed (a new link, as GoTrue sends one).
struct SignUpRoutes: AuthRoutes {
  let components: AuthComponents

  func signUp(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let body = try object(request)
    let email = try email(in: body, missing: "To signup, please provide your email")
    guard let password = body["password"]?.stringValue, !password.isEmpty else {
      throw .validation("Signup requires a valid password")
    }
    try checkPolicy(password)
    var metadata = "{}"
    if let data = body["data"] {
      guard data.objectValue != nil else { throw .validation("data must be a JSON object") }
      metadata = JSONText.serialize(data)
    }
    if configuration.confirmsEmail {
      return try await signUpToConfirm(
        email: email, password: password, metadata: metadata,
        redirectTo: request.queryValue("redirect_to"))
    }
    // Refuse a taken address before spending a hash on it.
    guard
      try await stored({ () async throws(AuthStoreError) in try await store.user(email: email) })
        == nil
    else { throw .userAlreadyExists }
    let hash = try await hasher.hash(password)
    let time = now
    let user = AuthUserRecord(
      id: uuid(), email: email, password: hash, metadataJSON: metadata, confirmedAt: time,
      createdAt: time, updatedAt: time)
    guard try await stored({ () async throws(AuthStoreError) in try await store.createUser(user) })
    else { throw .userAlreadyExists }
    return try await startSession(for: user)
  }

  func signUpToConfirm(
    email: String, password: String, metadata: String, redirectTo: String?
  ) async throws(AuthFailure) -> BackendResponse {
    // Refused before the address is looked up, so the answer says nothing about it.
    guard let mailer else { throw .mailerUnavailable }
    let existing = try await stored { () async throws(AuthStoreError) in
      try await store.user(email: email)
    }
    // Hashed whether or not the address is taken, so both answers take as long.
    let hash = try await hasher.hash(password)
    let time = now
    if let existing {
      return try await answerTaken(
        existing, password: hash, metadata: metadata, redirectTo: redirectTo, mailer)
    }
    let user = AuthUserRecord(
      id: uuid(), email: email, password: hash, metadataJSON: metadata, confirmedAt: nil,
      createdAt: time, updatedAt: time)
    guard try await stored({ () async throws(AuthStoreError) in try await store.createUser(user) })
    else {
      // Another request took the address in between: answer as for any taken address.
      let holder = try await stored { () async throws(AuthStoreError) in
        try await store.user(email: email)
      }
      guard let holder else { throw .unexpected }
      return try await answerTaken(
        holder, password: hash, metadata: metadata, redirectTo: redirectTo, mailer)
    }
    try await mail(
      .signup, purpose: .confirmation, to: user, through: mailer, redirectTo: redirectTo)
    return try Self.unconfirmedAnswer(user, sentAt: time)
  }

  /// The answer to a sign-up of a taken address: a fresh link to the owner while the
  /// account is unconfirmed, and always a user object shaped like a new one, of no account.
  private func answerTaken(
    _ holder: AuthUserRecord, password: PasswordHash, metadata: String, redirectTo: String?,
    _ mailer: any Mailer
  ) async throws(AuthFailure) -> BackendResponse {
    if holder.confirmedAt == nil {
      try await mail(
        .signup, purpose: .confirmation, to: holder, through: mailer, redirectTo: redirectTo)
    }
    let time = now
    let decoy = AuthUserRecord(
      id: try randomUUID(), email: holder.email, password: password, metadataJSON: metadata,
      confirmedAt: nil, createdAt: time, updatedAt: time)
    return try Self.unconfirmedAnswer(decoy, sentAt: time)
  }

  /// `POST /resend` with `type` `signup`: mails a new confirmation link to an unconfirmed
  /// account; answers `{}` whatever the address, so it reveals nothing about it.
  func resend(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    guard let mailer else { throw .mailerUnavailable }
    let body = try object(request)
    guard body["type"]?.stringValue == AuthMessage.Kind.signup.rawValue else {
      throw .validation("Missing one of these types: signup")
    }
    let email = try email(in: body, missing: "Resend requires an email")
    let found = try await stored { () async throws(AuthStoreError) in
      try await store.user(email: email)
    }
    if let user = found, user.confirmedAt == nil {
      try await mail(
        .signup, purpose: .confirmation, to: user, through: mailer,
        redirectTo: request.queryValue("redirect_to"))
    }
    return Self.json(.object([:]))
  }

  /// GoTrue's answer to a sign-up awaiting confirmation: the user object, no session.
  static func unconfirmedAnswer(
    _ user: AuthUserRecord, sentAt: Date
  ) throws(AuthFailure) -> BackendResponse {
    guard case .object(var members) = try userObject(user, identities: []) else {
      throw .unexpected
    }
    members["confirmation_sent_at"] = timestamp(sentAt)
    return json(.object(members))
  }

  /// A version 4 UUID from the secure random source (not the injected generator, whose
  /// ids may follow a pattern that would tell a decoy from a real account).
  func randomUUID() throws(AuthFailure) -> UUID {
    var bytes: [UInt8]
    do {
      bytes = try randomBytes(16)
    } catch {
      throw .unexpected
    }
    guard bytes.count == 16 else { throw .unexpected }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
