import Foundation

/// The stored form of a session: one versioned JSON record holding both tokens, the expiry and
/// the user, so a crash can never leave an access token paired with another session's refresh
/// token.
///
/// ```json
/// {"version": 1, "access_token": "…", "refresh_token": "…", "expires_at": 1780315200,
///  "expires_in": 3600, "token_type": "bearer",
///  "user": {"id": "…", "email": "…", "name": "…", "avatar_url": "…"}}
/// ```
/// `expires_at` is seconds since 1970 by the device clock; `expires_in` is the access token's
/// lifetime when issued, absent in records written before it was kept (such a record decodes
/// with no lifetime). A record with another `version` is treated as unreadable.
public enum SessionRecord {
  /// The format version this build writes and reads.
  public static let currentVersion = 1

  /// The record for `session`.
  /// - Throws: `EncodingError` (not expected for these plain fields).
  public static func encode(_ session: AuthSession) throws -> Data {
    let record = Record(
      version: currentVersion,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      expiresAt: session.expiresAt.timeIntervalSince1970,
      expiresIn: session.lifetime,
      tokenType: session.tokenType,
      user: session.user)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(record)
  }

  /// The session in `data`.
  /// - Throws: `SessionStoreError.corrupted` when `data` is not a record of this version with
  ///   non-empty tokens.
  public static func decode(_ data: Data) throws -> AuthSession {
    let record: Record
    do {
      record = try JSONDecoder().decode(Record.self, from: data)
    } catch {
      throw SessionStoreError.corrupted("the stored session is not valid JSON of the record")
    }
    guard record.version == currentVersion else {
      throw SessionStoreError.corrupted("unknown session record version \(record.version)")
    }
    guard !record.accessToken.isEmpty, !record.refreshToken.isEmpty, !record.user.id.isEmpty,
      record.expiresAt.isFinite
    else {
      throw SessionStoreError.corrupted("the stored session has empty fields")
    }
    return AuthSession(
      accessToken: record.accessToken,
      refreshToken: record.refreshToken,
      expiresAt: Date(timeIntervalSince1970: record.expiresAt),
      tokenType: record.tokenType,
      user: record.user,
      lifetime: record.expiresIn)
  }

  private struct Record: Codable {
    let version: Int
    let accessToken: String
    let refreshToken: String
    let expiresAt: Double
    let expiresIn: Double?
    let tokenType: String
    let user: AuthUser

    private enum CodingKeys: String, CodingKey {
      case version
      case accessToken = "access_token"
      case refreshToken = "refresh_token"
      case expiresAt = "expires_at"
      case expiresIn = "expires_in"
      case tokenType = "token_type"
      case user
    }
  }
}
