import Foundation

/// The endpoints of `RotatingGoTrue`; each runs on the connection's thread.
extension RotatingGoTrue {
  /// A session's tokens as the server issued them.
  struct Issued {
    let accessToken: String
    let refreshToken: String
    let user: User
  }

  func signUp(_ request: LoopbackRequest) -> LoopbackResponse {
    guard let (email, password) = Self.credentials(request) else {
      return Self.error(400, "validation_failed", "Signup requires a valid password")
    }
    return state.withLock { state in
      guard state.users[email] == nil else {
        return Self.error(422, "user_already_exists", "User already registered")
      }
      let user = Self.addUser(email: email, password: password, to: &state)
      let issued = Self.startSession(
        for: user, in: &state, now: now(), lifetime: accessTokenLifetime)
      return sessionAnswer(issued)
    }
  }

  func token(_ request: LoopbackRequest) -> LoopbackResponse {
    switch request.queryValue("grant_type") {
    case "password":
      guard let (email, password) = Self.credentials(request) else {
        return Self.error(400, "validation_failed", "missing email or password")
      }
      return state.withLock { state in
        guard let user = state.users[email], user.password == password else {
          return Self.error(400, "invalid_credentials", "Invalid login credentials")
        }
        return sessionAnswer(
          Self.startSession(for: user, in: &state, now: now(), lifetime: accessTokenLifetime))
      }
    case "refresh_token":
      let body = try? request.decodeBody([String: String].self)
      return refresh(body?["refresh_token"] ?? "")
    default:
      return Self.error(400, "validation_failed", "unsupported grant_type")
    }
  }

  /// Rotation with a reuse interval, as GoTrue does it.
  private func refresh(_ presented: String) -> LoopbackResponse {
    let time = now()
    return state.withLock { state in
      state.refreshGrants += 1
      guard let token = state.refreshTokens[presented],
        let session = state.sessions[token.session], !session.isRevoked,
        let user = state.users[session.userEmail]
      else {
        return Self.error(
          400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
      }
      if let rotatedAt = token.rotatedAt {
        let current = session.currentRefreshToken
        let isParentOfCurrent = state.refreshTokens[current]?.parent == presented
        guard isParentOfCurrent, time.timeIntervalSince(rotatedAt) <= reuseInterval else {
          let late = Int(time.timeIntervalSince(rotatedAt))
          state.lateReuses.append(
            "session \(token.session): a refresh token rotated \(late) s earlier was presented "
              + (isParentOfCurrent ? "again" : "after its child had been rotated too"))
          state.sessions[token.session]?.isRevoked = true
          return Self.error(
            400, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
        }
        // The client lost the answer: the current token again, with a fresh access token.
        let access = Self.issueAccessToken(
          session: token.session, in: &state, now: time, lifetime: accessTokenLifetime)
        return sessionAnswer(Issued(accessToken: access, refreshToken: current, user: user))
      }
      state.refreshTokens[presented]?.rotatedAt = time
      let child = Self.newRefreshToken(session: token.session, parent: presented, in: &state)
      state.sessions[token.session]?.currentRefreshToken = child
      let access = Self.issueAccessToken(
        session: token.session, in: &state, now: time, lifetime: accessTokenLifetime)
      return sessionAnswer(Issued(accessToken: access, refreshToken: child, user: user))
    }
  }

  func user(_ request: LoopbackRequest) -> LoopbackResponse {
    let time = now()
    return state.withLock { state in
      state.userLookups += 1
      guard let bearer = Self.bearer(request), let access = state.accessTokens[bearer],
        access.expiresAt > time
      else {
        return Self.error(
          403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token is expired")
      }
      guard let session = state.sessions[access.session], !session.isRevoked,
        let user = state.users[session.userEmail]
      else {
        return Self.error(
          403, "session_not_found", "Session from session_id claim in JWT does not exist")
      }
      return .json(Self.userJSON(user))
    }
  }

  func logout(_ request: LoopbackRequest) -> LoopbackResponse {
    let time = now()
    return state.withLock { state in
      guard let bearer = Self.bearer(request), let access = state.accessTokens[bearer],
        access.expiresAt > time
      else { return Self.error(403, "bad_jwt", "invalid JWT") }
      state.sessions[access.session]?.isRevoked = true
      return .status(204)
    }
  }

  // MARK: - State changes

  static func addUser(email: String, password: String, to state: inout State) -> User {
    state.nextNumber += 1
    let digits = String(state.nextNumber)
    let id = "8d6a1f2e-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    let user = User(id: id, email: email, password: password)
    state.users[email] = user
    return user
  }

  static func startSession(
    for user: User, in state: inout State, now: Date, lifetime: TimeInterval
  ) -> Issued {
    state.nextNumber += 1
    let number = state.nextNumber
    state.sessions[number] = SessionState(userEmail: user.email, currentRefreshToken: "")
    let refresh = newRefreshToken(session: number, parent: nil, in: &state)
    state.sessions[number]?.currentRefreshToken = refresh
    let access = issueAccessToken(session: number, in: &state, now: now, lifetime: lifetime)
    return Issued(accessToken: access, refreshToken: refresh, user: user)
  }

  static func newRefreshToken(session: Int, parent: String?, in state: inout State) -> String {
    state.nextNumber += 1
    let token = "rt-\(session)-\(state.nextNumber)-Jq5Wn"
    state.refreshTokens[token] = RefreshToken(session: session, parent: parent)
    return token
  }

  static func issueAccessToken(
    session: Int, in state: inout State, now: Date, lifetime: TimeInterval
  ) -> String {
    state.nextNumber += 1
    let token = "at-\(session)-\(state.nextNumber)-Vb8Xe"
    state.accessTokens[token] = AccessToken(
      session: session, expiresAt: now.addingTimeInterval(lifetime))
    return token
  }

  // MARK: - Wire

  func sessionAnswer(_ issued: Issued) -> LoopbackResponse {
    let expiresAt = Int(now().timeIntervalSince1970 + accessTokenLifetime)
    return .json(
      """
      {"access_token":"\(issued.accessToken)","token_type":"bearer",\
      "expires_in":\(Int(accessTokenLifetime)),"expires_at":\(expiresAt),\
      "refresh_token":"\(issued.refreshToken)","user":\(Self.userJSON(issued.user))}
      """)
  }

  static func userJSON(_ user: User) -> String {
    """
    {"id":"\(user.id)","aud":"authenticated","role":"authenticated","email":"\(user.email)",\
    "app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{},\
    "is_anonymous":false}
    """
  }

  static func error(_ status: Int, _ code: String, _ message: String) -> LoopbackResponse {
    .json(#"{"code":"\#(code)","message":"\#(message)"}"#, status: status)
  }

  static func credentials(_ request: LoopbackRequest) -> (String, String)? {
    guard let body = try? request.decodeBody([String: String].self),
      let email = body["email"], let password = body["password"], !email.isEmpty,
      !password.isEmpty
    else { return nil }
    return (email, password)
  }

  static func bearer(_ request: LoopbackRequest) -> String? {
    guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else {
      return nil
    }
    return String(header.dropFirst("Bearer ".count))
  }
}
