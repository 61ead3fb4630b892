import Foundation
import JOSE

/// GoTrue's user and session objects.
extension AuthService {
  /// An address trimmed of surrounding white space and lower-cased, as GoTrue keeps it.
  public static func normalizedEmail(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Whether a normalised address has the form `local@domain.tld`, with no white space.
  static func isPlausibleEmail(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.utf8.count <= 255, parts.count == 2, !parts[0].isEmpty,
      !email.contains(where: \.isWhitespace)
    else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }

  /// The address in `body["email"]`, normalised and checked.
  func email(in body: [String: StrictJSONValue], missing: String) throws(AuthFailure) -> String {
    guard let text = body["email"]?.stringValue, !text.isEmpty else {
      throw .validation(missing)
    }
    let email = Self.normalizedEmail(text)
    guard Self.isPlausibleEmail(email) else {
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

  static let appMetadata: StrictJSONValue = .object([
    "provider": .string("email"), "providers": .array([.string("email")]),
  ])

  /// GoTrue's user object.
  static func userObject(_ user: AuthUserRecord) throws(AuthFailure) -> StrictJSONValue {
    let id = StrictJSONValue.string(user.id.uuidString.lowercased())
    var identity: [String: StrictJSONValue] = [
      "identity_id": id, "id": id, "user_id": id, "provider": .string("email"),
      "email": .string(user.email),
      "identity_data": .object([
        "sub": id, "email": .string(user.email), "email_verified": .bool(user.confirmedAt != nil),
        "phone_verified": .bool(false),
      ]),
      "created_at": timestamp(user.createdAt), "updated_at": timestamp(user.updatedAt),
    ]
    var members: [String: StrictJSONValue] = [
      "id": id, "aud": .string("authenticated"), "role": .string("authenticated"),
      "email": .string(user.email), "phone": .string(""), "app_metadata": appMetadata,
      "user_metadata": .object(try metadata(of: user)), "created_at": timestamp(user.createdAt),
      "updated_at": timestamp(user.updatedAt), "is_anonymous": .bool(false),
    ]
    if let confirmedAt = user.confirmedAt {
      members["email_confirmed_at"] = timestamp(confirmedAt)
      members["confirmed_at"] = timestamp(confirmedAt)
    }
    if let lastSignInAt = user.lastSignInAt {
      members["last_sign_in_at"] = timestamp(lastSignInAt)
      identity["last_sign_in_at"] = timestamp(lastSignInAt)
    }
    members["identities"] = .array([.object(identity)])
    return .object(members)
  }

  static func json(_ value: StrictJSONValue, status: Int = 200) -> BackendResponse {
    .json(status: status, Array(JSONText.serialize(value).utf8))
  }
}
