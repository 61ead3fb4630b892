import Foundation

/// The signed-in person, as the app shows them.
///
/// Built from GoTrue's user object: `id`, `email`, and from `user_metadata` the display name
/// (`full_name`, `name` or `user_name`) and picture (`avatar_url` or `picture`), which Apple,
/// Google and most OAuth providers fill in.
public struct AuthUser: Codable, Equatable, Hashable, Sendable {
  /// GoTrue's user id (a UUID string).
  public var id: String
  /// The e-mail address, when the account has one.
  public var email: String?
  /// The display name, when the provider or the user gave one.
  public var name: String?
  /// The profile picture, when known.
  public var avatarURL: URL?

  /// A user with the given fields.
  public init(id: String, email: String? = nil, name: String? = nil, avatarURL: URL? = nil) {
    self.id = id
    self.email = email
    self.name = name
    self.avatarURL = avatarURL
  }

  /// The name to greet the user with: the display name, else the e-mail address, else the id.
  public var displayName: String {
    if let name, !name.isEmpty { return name }
    if let email, !email.isEmpty { return email }
    return id
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case email
    case name
    case avatarURL = "avatar_url"
  }
}
