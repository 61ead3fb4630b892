import Foundation
import Testing

/// The AI proxy's configuration keys (issue #17 item 10) through the real binary: defaults,
/// values shown by `config` with secrets redacted, and exit 2 naming the key of a bad value.
@Suite struct KilnServerProxySettingsTests {
  static let secrets = [
    "JWT_SECRET": "a-kiln-server-test-secret-longer-than-32-bytes",
    "OPENROUTER_API_KEY": "sk-or-test-openrouter-key",
    "REVENUECAT_SECRET_KEY": "sk_test_revenuecat_key",
    "REVENUECAT_WEBHOOK_SECRET": "Bearer webhook-test-secret",
    "DATABASE_URL": "postgres://kiln:db-password@127.0.0.1:5432/kiln",
  ]

  func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map { String($0.replacing(#/ +/#, with: " ")) }
  }

  @Test func showsTheDefaults() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = lines(run.output)
    for expected in [
      "JWT_SECRET = (not set) (default)", "JWT_JWKS = (not set) (default)",
      "JWT_AUDIENCE = authenticated (default)",
      "ALLOWED_MODELS = openai/gpt-3.5-turbo,openai/gpt-4o-mini (default)",
      "DEFAULT_MODEL = openai/gpt-3.5-turbo (default)",
      "REVENUECAT_BASE_URL = https://api.revenuecat.com (default)",
      "RC_ENTITLEMENT_ID = pro (default)", "ENTITLEMENT_CACHE = 300s (default)",
      "KILN_FREE_MESSAGE_LIMIT = 10 (default)", "KILN_FREE_PERIOD = lifetime (default)",
      "RATE_LIMIT = 60/60m (default)", "DATABASE_URL = (not set) (default)",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
  }

  @Test func showsConfiguredValuesWithEverySecretRedacted() async throws {
    var environment = Self.secrets
    environment["JWT_ISSUER"] = "https://auth.example.com/auth/v1"
    environment["JWT_JWKS"] = "https://auth.example.com/jwks.json"
    environment["ALLOWED_MODELS"] = "openai/gpt-4o-mini, anthropic/claude-3.5-sonnet:beta"
    environment["DEFAULT_MODEL"] = "anthropic/claude-3.5-sonnet:beta"
    environment["RC_ENTITLEMENT_ID"] = "plus"
    environment["ENTITLEMENT_CACHE"] = "0s"
    environment["KILN_FREE_MESSAGE_LIMIT"] = "0"
    environment["KILN_FREE_PERIOD"] = "day"
    environment["RATE_LIMIT"] = "100/1h"
    let run = try await KilnServerRun.run(["config"], environment: environment)
    #expect(run.status == 0)
    let lines = lines(run.output)
    for key in Self.secrets.keys {
      #expect(lines.contains("\(key) = <redacted> (environment)"), "\(key)")
    }
    for (key, value) in environment where Self.secrets[key] == nil {
      #expect(lines.contains("\(key) = \(value) (environment)"), "\(key)")
    }
    for secret in Self.secrets.values {
      #expect(!run.output.contains(secret))
    }
    #expect(!run.output.contains("db-password"))
  }

  @Test(
    arguments: [
      (["JWT_SECRET": "too-short"], "JWT_SECRET (environment) must be at least 32 ASCII"),
      (["JWT_JWKS": "/nonexistent/jwks.json"], "JWT_JWKS (environment) must be a JWK set file"),
      (["JWT_JWKS": "https:///jwks.json"], "JWT_JWKS (environment) must be a JWK set file"),
      (["JWT_AUDIENCE": " "], "JWT_AUDIENCE (environment) must be a non-empty value"),
      (["ALLOWED_MODELS": "a,,b"], "ALLOWED_MODELS (environment) must be comma-separated"),
      (["ALLOWED_MODELS": "a,a"], "a model id is listed twice"),
      (["DEFAULT_MODEL": "openai/gpt-4o"], "DEFAULT_MODEL (environment) must be one of"),
      (["UPSTREAM_BASE_URL": "ftp://host/v1"], "UPSTREAM_BASE_URL (environment) must be an http"),
      (
        ["UPSTREAM_BASE_URL": "http://127.0.0.1:9/v1", "OPENROUTER_API_KEY": "sk-or-x"],
        "UPSTREAM_BASE_URL (environment) must be unset when OPENROUTER_API_KEY is set"
      ),
      (["UPSTREAM_API_KEY": "sk-x"], "UPSTREAM_API_KEY (environment) must be unset unless"),
      (["REVENUECAT_BASE_URL": "api.revenuecat.com"], "REVENUECAT_BASE_URL (environment) must"),
      (
        ["REVENUECAT_WEBHOOK_SECRET": "whsec-without-key"],
        "REVENUECAT_WEBHOOK_SECRET (environment) must be set together with REVENUECAT_SECRET_KEY"
      ),
      (["RC_ENTITLEMENT_ID": ""], "RC_ENTITLEMENT_ID (environment) must be a non-empty value"),
      (["ENTITLEMENT_CACHE": "5"], "ENTITLEMENT_CACHE (environment) must be a duration"),
      (["KILN_FREE_MESSAGE_LIMIT": "-1"], "KILN_FREE_MESSAGE_LIMIT (environment) must be a whole"),
      (["KILN_FREE_PERIOD": "week"], "KILN_FREE_PERIOD (environment) must be lifetime or day"),
      (["RATE_LIMIT": "60/60"], "RATE_LIMIT (environment) must be N/DURATION"),
      (["RATE_LIMIT": "0/1m"], "RATE_LIMIT (environment) must be N/DURATION"),
      (["DATABASE_URL": "mysql://h/db"], "DATABASE_URL (environment) must be a postgres://"),
      (["OPENROUTER_API_KEY": "YOUR_OPENROUTER_KEY"], "OPENROUTER_API_KEY (environment) is still"),
      (["REVENUECAT_SECRET_KEY": "sk_placeholder"], "REVENUECAT_SECRET_KEY (environment) is still"),
    ] as [([String: String], String)])
  func stopsWithExit2NamingTheKeyOfABadProxyValue(
    _ environment: [String: String], _ message: String
  ) async throws {
    for command in ["serve", "config"] {
      let run = try await KilnServerRun.run([command], environment: environment)
      #expect(run.status == 2)
      #expect(run.error.contains(message), "\(run.error)")
      #expect(run.output.isEmpty)
      let secretKeys: Set = [
        "JWT_SECRET", "OPENROUTER_API_KEY", "UPSTREAM_API_KEY", "REVENUECAT_SECRET_KEY",
        "REVENUECAT_WEBHOOK_SECRET", "DATABASE_URL",
      ]
      for (key, value) in environment where secretKeys.contains(key) {
        #expect(!run.error.contains(value), "\(key)'s value is in the error")
      }
    }
  }
}
