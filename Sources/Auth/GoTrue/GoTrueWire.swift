import Foundation

/// GoTrue's JSON bodies (snake_case) and how they become Kiln's types.
enum GoTrueWire {
  /// A session answer (`AccessTokenResponse`): from the token grants and from sign-up when the
  /// project confirms addresses automatically.
  struct SessionBody: Decodable {
    let accessToken: String
    let tokenType: String?
    let expiresIn: Double?
    let expiresAt: Double?
    let refreshToken: String
    let user: UserBody

    private enum CodingKeys: String, CodingKey {
      case accessToken = "access_token"
      case tokenType = "token_type"
      case expiresIn = "expires_in"
      case expiresAt = "expires_at"
      case refreshToken = "refresh_token"
      case user
    }
  }

  /// GoTrue's user object; only the fields Kiln shows are read, the rest are ignored.
  struct UserBody: Decodable {
    struct Metadata: Decodable {
      let fullName: String?
      let name: String?
      let userName: String?
      let avatarURL: String?
      let picture: String?

      private enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case name
        case userName = "user_name"
        case avatarURL = "avatar_url"
        case picture
      }

      init(from decoder: any Decoder) throws {
        // Metadata is free-form; a field of an unexpected type is skipped, never fatal.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try? container.decodeIfPresent(String.self, forKey: .fullName)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        userName = try? container.decodeIfPresent(String.self, forKey: .userName)
        avatarURL = try? container.decodeIfPresent(String.self, forKey: .avatarURL)
        picture = try? container.decodeIfPresent(String.self, forKey: .picture)
      }
    }

    let id: String
    let email: String?
    let userMetadata: Metadata?

    private enum CodingKeys: String, CodingKey {
      case id
      case email
      case userMetadata = "user_metadata"
    }

    var user: AuthUser {
      let metadata = userMetadata
      let name = [metadata?.fullName, metadata?.name, metadata?.userName]
        .compactMap { $0 }.first { !$0.isEmpty }
      let avatar = [metadata?.avatarURL, metadata?.picture].compactMap { $0 }
        .first { !$0.isEmpty }
      return AuthUser(
        id: id,
        email: email.flatMap { $0.isEmpty ? nil : $0 },
        name: name,
        avatarURL: avatar.flatMap { URL(string: $0) })
    }
  }

  /// The session in a token-grant answer.
  ///
  /// The expiry is `now + expires_in` by the device clock when the server says how long the
  /// token lives, so a device clock that is off does not make every token look expired (or
  /// never expired); `expires_at` (server clock) is the fallback.
  /// - Throws: `AuthError.invalidResponse` when the body is not a session.
  static func session(from data: Data, now: Date) throws -> AuthSession {
    let body: SessionBody
    do {
      body = try JSONDecoder().decode(SessionBody.self, from: data)
    } catch {
      throw AuthError.invalidResponse("the token answer is not a GoTrue session")
    }
    return try session(from: body, now: now)
  }

  static func session(from body: SessionBody, now: Date) throws -> AuthSession {
    guard !body.accessToken.isEmpty, !body.refreshToken.isEmpty, !body.user.id.isEmpty else {
      throw AuthError.invalidResponse("the session has an empty token or user id")
    }
    let expiresAt: Date
    if let expiresIn = body.expiresIn, expiresIn > 0 {
      expiresAt = now.addingTimeInterval(expiresIn)
    } else if let serverExpiry = body.expiresAt {
      expiresAt = Date(timeIntervalSince1970: serverExpiry)
    } else {
      throw AuthError.invalidResponse("the session says neither expires_in nor expires_at")
    }
    // A fresh token's lifetime is what is left of it now, however the expiry was given.
    return AuthSession(
      accessToken: body.accessToken, refreshToken: body.refreshToken, expiresAt: expiresAt,
      tokenType: body.tokenType ?? "bearer", user: body.user.user,
      lifetime: expiresAt.timeIntervalSince(now))
  }

  /// The user in a `GET /user` answer.
  /// - Throws: `AuthError.invalidResponse` when the body is not a user.
  static func user(from data: Data) throws -> AuthUser {
    do {
      let body = try JSONDecoder().decode(UserBody.self, from: data)
      guard !body.id.isEmpty else { throw AuthError.invalidResponse("empty user id") }
      return body.user
    } catch let error as AuthError {
      throw error
    } catch {
      throw AuthError.invalidResponse("the answer is not a GoTrue user")
    }
  }

  /// A sign-up answer: a session (auto-confirm) or only the user (confirmation e-mail sent,
  /// or the address is already registered and GoTrue hides that).
  /// - Throws: `AuthError.invalidResponse` when the body is neither.
  static func signUp(from data: Data, now: Date) throws -> GoTrueSignUpResult {
    if let body = try? JSONDecoder().decode(SessionBody.self, from: data) {
      return .session(try session(from: body, now: now))
    }
    return .confirmationRequired(try user(from: data))
  }
}
