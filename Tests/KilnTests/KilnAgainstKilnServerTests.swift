import Foundation
import Localization
import TestSupport
import Testing

/// The real `kiln` against a real `kiln-server` (issue #18's done-means): Kiln's own
/// client signs up, confirms, asks through the proxy with the token the server minted, and
/// signs out. No fakes on either side.
@Suite struct KilnAgainstKilnServerTests {
  static let email = "grace@example.com"
  static let password = "correct-horse-9"

  /// A `kiln-server serve` child on a free port with a fresh data directory, and the anon
  /// key it printed (accounts live in memory until the database store serves them);
  /// `environment` adds settings (an upstream, a free allowance).
  final class Server: Sendable {
    let process: Process
    let port: Int
    let anonKey: String
    let dataDirectory: URL

    init(environment extra: [String: String] = [:]) async throws {
      dataDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiln-server-e2e-\(UUID().uuidString)")
      (process, port) = try await KilnServerChild.serve(
        environment: [
          "PORT": "0", "DATA_DIR": dataDirectory.path, "ACCESS_LOG": "off",
          "AUTH_SCRYPT_LOG_N": "10",
        ].merging(extra) { $1 })
      do {
        anonKey = try await KilnServerChild.anonKey(dataDirectory: dataDirectory)
      } catch {
        process.terminate()
        throw error
      }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() {
      process.terminate()
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: dataDirectory)
    }
  }

  @Test func signupWhoamiAskThroughTheProxyAndLogoutAgainstARealKilnServer() async throws {
    let server = try await Server()
    defer { server.stop() }
    let home = try ChatTestHome()
    let environment = [
      "AUTH_BYPASS": "0", "SUPABASE_URL": server.baseURL, "SUPABASE_ANON_KEY": server.anonKey,
      "PROXY_BASE_URL": server.baseURL + "/functions/v1", "PROXY_PATH": "/ai",
    ]
    func kiln(
      _ arguments: [String], input: String = ""
    ) async throws -> (
      status: Int32, output: String, error: String
    ) {
      try await home.runWithPipes(arguments, input: input, environment: environment)
    }
    let signup = try await kiln(
      ["signup", "--email", Self.email, "--password-stdin"], input: Self.password + "\n")
    #expect(signup.status == 0, "\(signup.error)")
    #expect(signup.output.contains("Account created; signed in as \(Self.email)."))

    let whoami = try await kiln(["whoami", "--json"])
    #expect(whoami.status == 0, "\(whoami.error)")
    let json = try KilnOutput.object(whoami.output)
    #expect(json["confirmed"] as? Bool == true)
    #expect(json["email"] as? String == Self.email)

    let ask = try await kiln(["ask", "echo through kiln-server"])
    #expect(ask.status == 0, "\(ask.error)")
    #expect(ask.output.contains("echo through kiln-server"), "\(ask.output)")

    let logout = try await kiln(["logout"])
    #expect(logout.status == 0, "\(logout.error)")
    #expect(logout.output.contains("Signed out."))
    let after = try await kiln(["whoami"])
    #expect(!after.output.contains("Signed in as"))
    // Signed out, kiln has no token to send, and the proxy answers nothing without one.
    let refused = try await kiln(["ask", "no token now"])
    #expect(refused.status != 0)
    #expect(!refused.output.contains("no token now"))

    // Signing in again, then deleting the account from the chat: the server forgets it.
    let login = try await kiln(
      ["login", "--email", Self.email, "--password-stdin"], input: Self.password + "\n")
    #expect(login.status == 0, "\(login.error)")
    let deletion = try await kiln([], input: "/delete-account\ndelete\n")
    #expect(deletion.output.contains(L10n.Settings.accountDeleted), "\(deletion.output)")
    let gone = try await kiln(
      ["login", "--email", Self.email, "--password-stdin"], input: Self.password + "\n")
    #expect(gone.status != 0, "the server no longer knows the account: \(gone.output)")
  }
}
