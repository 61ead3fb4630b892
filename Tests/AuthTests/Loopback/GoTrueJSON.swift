import Foundation

/// GoTrue answers as the server sends them: snake_case, RFC 3339 timestamps with up to nine
/// fractional digits, and more fields than Kiln reads.
enum GoTrueJSON {
  static let aliceID = "8d6a1f2e-0000-4000-8000-000000000001"

  static func user(id: String = aliceID, email: String = "alice@example.com") -> String {
    """
    {"id":"\(id)","aud":"authenticated","role":"authenticated","email":"\(email)",\
    "email_confirmed_at":"2026-05-30T09:12:41.018575157Z","phone":"",\
    "confirmed_at":"2026-05-30T09:12:41.018575157Z",\
    "last_sign_in_at":"2026-06-01T11:59:58.015612Z",\
    "app_metadata":{"provider":"email","providers":["email"]},\
    "user_metadata":{"full_name":"Alice","avatar_url":"https://example.com/alice.png",\
    "email_verified":true},\
    "identities":[{"identity_id":"1e0b2b48-0000-4000-8000-00000000000a","id":"\(id)",\
    "user_id":"\(id)","identity_data":{"email":"\(email)","sub":"\(id)"},\
    "provider":"email","created_at":"2026-05-30T09:12:41.01Z","updated_at":"2026-05-30T09:12:41Z",\
    "email":"\(email)"}],\
    "created_at":"2026-05-30T09:12:41.009916Z","updated_at":"2026-06-01T11:59:58.017Z",\
    "is_anonymous":false}
    """
  }

  static func session(
    access: String, refresh: String, expiresIn: Int = 3600, expiresAt: Int = 1_780_315_200,
    user: String = user()
  ) -> String {
    """
    {"access_token":"\(access)","token_type":"bearer","expires_in":\(expiresIn),\
    "expires_at":\(expiresAt),"refresh_token":"\(refresh)","user":\(user)}
    """
  }

  /// A user-only sign-up answer (a confirmation e-mail was sent).
  static let unconfirmedUser = """
    {"id":"\(aliceID)","aud":"authenticated","role":"","email":"alice@example.com","phone":"",\
    "confirmation_sent_at":"2026-06-01T12:00:00.123456789Z","app_metadata":{"provider":"email",\
    "providers":["email"]},"user_metadata":{},"identities":[],\
    "created_at":"2026-06-01T12:00:00.1Z","updated_at":"2026-06-01T12:00:00.1Z",\
    "is_anonymous":false}
    """
}
