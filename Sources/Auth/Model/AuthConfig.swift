import Foundation

/// Where the auth server lives: the Supabase project (or a Kiln server speaking GoTrue).
public struct AuthConfig: Equatable, Sendable {
  /// The project URL, e.g. `https://abcd.supabase.co`. GoTrue lives under `/auth/v1`, the
  /// backend functions under `/functions/v1`.
  public var supabaseURL: URL
  /// The public ("anon" or "publishable") key, sent as `apikey` on every call. Not a secret
  /// in the sense of the service-role key, but still kept out of logs.
  public var supabaseAnonKey: String
  /// Where the password-reset e-mail's link leads (`redirect_to`); `nil` uses the project's
  /// site URL.
  public var passwordResetRedirectURL: URL?

  /// A configuration for the project at `supabaseURL`.
  public init(supabaseURL: URL, supabaseAnonKey: String, passwordResetRedirectURL: URL? = nil) {
    self.supabaseURL = supabaseURL
    self.supabaseAnonKey = supabaseAnonKey
    self.passwordResetRedirectURL = passwordResetRedirectURL
  }

  /// The GoTrue base URL: `{supabaseURL}/auth/v1`.
  public var authURL: URL {
    supabaseURL.appendingPathComponent("auth").appendingPathComponent("v1")
  }

  /// The backend's account-deletion function: `{supabaseURL}/functions/v1/delete-account`.
  public var deleteAccountURL: URL {
    supabaseURL.appendingPathComponent("functions").appendingPathComponent("v1")
      .appendingPathComponent("delete-account")
  }
}

extension AuthConfig: CustomStringConvertible {
  /// The URL only; the key stays out of logs.
  public var description: String { "AuthConfig(\(supabaseURL.absoluteString))" }
}
