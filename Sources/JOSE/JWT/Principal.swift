/// The claims of a verified token, as the strict parser read them.
public struct JWTClaims: Sendable, Equatable {
  /// Every member of the payload.
  public let members: [String: StrictJSONValue]

  /// Claims holding `members`.
  public init(members: [String: StrictJSONValue]) { self.members = members }

  /// The member `name`, if present.
  public subscript(name: String) -> StrictJSONValue? { members[name] }

  /// `sub`, when it is a string.
  public var subject: String? { members["sub"]?.stringValue }
  /// `role`, when it is a string.
  public var role: String? { members["role"]?.stringValue }
  /// `email`, when it is a string.
  public var email: String? { members["email"]?.stringValue }
  /// `session_id`, when it is a string.
  public var sessionID: String? { members["session_id"]?.stringValue }
  /// `exp` in seconds since 1970, when it is a number.
  public var expiresAt: Double? { members["exp"]?.numberValue }
}

/// Who a verified token speaks for (decision 17, C7).
public enum Principal: Sendable, Equatable {
  /// A signed-in user (`role` `authenticated`).
  case user(subject: String, claims: JWTClaims)
  /// The server itself (`role` `service_role`): never a user, so no quota, no entitlement,
  /// and refused on user routes.
  case serviceRole(subject: String)

  /// The token's `sub`.
  public var subject: String {
    switch self {
    case .user(let subject, _), .serviceRole(let subject): subject
    }
  }
}
