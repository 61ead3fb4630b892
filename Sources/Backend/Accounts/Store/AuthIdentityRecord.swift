import Foundation

/// One way into an account: the provider that vouches for the user and its id for them
/// (GoTrue's identity). A password account has its `email` identity implicitly; an
/// `id_token` sign-in (Sign in with Apple, Google) keeps one record per provider account.
public struct AuthIdentityRecord: Sendable, Hashable {
  /// The identity's own id (`identity_id`).
  public var id: UUID
  /// The account it signs in to.
  public var userID: UUID
  /// The provider's name (`apple`, `google`).
  public var provider: String
  /// The provider's id for the user (the ID token's `sub`); unique per provider.
  public var providerSubject: String
  /// The address the provider gave, normalised, if any.
  public var email: String?
  /// What the provider said about the user (`identity_data`) as compact JSON object text.
  public var identityDataJSON: String
  /// When it was first linked.
  public var createdAt: Date
  /// When it last changed.
  public var updatedAt: Date
  /// When it last signed in.
  public var lastSignInAt: Date?

  /// An identity with every part given.
  public init(
    id: UUID, userID: UUID, provider: String, providerSubject: String, email: String?,
    identityDataJSON: String = "{}", createdAt: Date, updatedAt: Date, lastSignInAt: Date? = nil
  ) {
    self.id = id
    self.userID = userID
    self.provider = provider
    self.providerSubject = providerSubject
    self.email = email
    self.identityDataJSON = identityDataJSON
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.lastSignInAt = lastSignInAt
  }
}

/// What `AuthStore.addIdentity` did.
public enum IdentityAddition: Sendable, Hashable {
  /// The identity now signs in to its account.
  case added
  /// The provider account is already linked (to this or another account); nothing changed.
  case identityTaken
  /// There is no such account.
  case userNotFound
}
