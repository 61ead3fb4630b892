import Auth
import Foundation
import Storage
import TestSupport
import Testing

/// The real `kiln` binary with real accounts (`AUTH_BYPASS=0`) against a loopback GoTrue that
/// issues 30 s tokens and revokes a session whose spent refresh token comes back late: one
/// process per run, as a user runs it, some of them at the same time.
@Suite struct AccountSessionRunTests {
  static let email = "alice@example.com"
  static let password = "correct-horse-7"

  struct Account {
    let home: ChatTestHome
    let server: LoopbackHTTPServer
    let gotrue: RotatingGoTrue

    init() throws {
      home = try ChatTestHome()
      server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
      gotrue = RotatingGoTrue(server: server, now: { Date() })
    }

    var environment: [String: String] {
      [
        "AUTH_BYPASS": "0", "SUPABASE_URL": server.baseURL.absoluteString,
        "SUPABASE_ANON_KEY": "anon-key-4Rt8Yq",
      ]
    }

    func kiln(
      _ arguments: [String], input: String = ""
    ) async throws -> (
      status: Int32, output: String, error: String
    ) {
      try await home.runWithPipes(arguments, input: input, environment: environment)
    }

    var store: SecureStoreSessionStore {
      SecureStoreSessionStore(secureStore: FileSecureStore(directory: home.dataDirectory))
    }

    /// A session an earlier run saved whose access token has expired, so the next use renews
    /// it; the server knows its refresh token.
    func storeExpiredSession() throws {
      let seeded = gotrue.seedSession(email: AccountSessionRunTests.email, password: "pw-x")
      try store.save(
        AuthSession(
          accessToken: "at-expired-Kd3Lq", refreshToken: seeded.refreshToken,
          expiresAt: Date(timeIntervalSinceNow: -60),
          user: AuthUser(id: seeded.userID, email: AccountSessionRunTests.email), lifetime: 30))
    }

    func tearDown() {
      server.stop()
    }
  }

  @Test func whoamiAfterSignUpConfirmsTheAccountWithTheServer() async throws {
    let account = try Account()
    defer { account.tearDown() }
    let started = Date()
    let signup = try await account.kiln(
      ["signup", "--email", Self.email, "--password-stdin"], input: Self.password + "\n")
    #expect(signup.status == 0, "\(signup.error)")
    #expect(signup.output.contains("Account created; signed in as \(Self.email)."))

    let whoami = try await account.kiln(["whoami"])
    #expect(whoami.status == 0, "\(whoami.error)")
    #expect(whoami.output.hasPrefix("Signed in as \(Self.email) (id "))
    #expect(!whoami.error.contains("could not confirm"))
    let json = try KilnOutput.object(try await account.kiln(["whoami", "--json"]).output)
    #expect(json["confirmed"] as? Bool == true)
    #expect(json["email"] as? String == Self.email)

    #expect(account.gotrue.userLookupCount == 2, "each whoami asked the server")
    // A 30 s token is due halfway through its life. The three runs take a second or two; on
    // a machine so loaded that they took 15 s, a renewal would be right, not a fault.
    if Date().timeIntervalSince(started) < 14 {
      #expect(account.gotrue.refreshGrantCount == 0, "a fresh 30 s token is not renewed at once")
    }
    #expect(account.gotrue.lateReuses == [])
    #expect(!signup.output.contains(Self.password) && !signup.error.contains(Self.password))
  }

  @Test func whoamiWithoutTheServerShowsTheStoredAccountAndSaysItIsUnconfirmed() async throws {
    let account = try Account()
    defer { account.tearDown() }
    let signup = try await account.kiln(
      ["signup", "--email", Self.email, "--password-stdin"], input: Self.password + "\n")
    #expect(signup.status == 0, "\(signup.error)")
    account.server.stop()

    let whoami = try await account.kiln(["whoami"])
    #expect(whoami.status == 0)
    #expect(whoami.output.hasPrefix("Signed in as \(Self.email) (id "))
    #expect(whoami.error.contains("could not confirm the account with the server"))
    let json = try KilnOutput.object(try await account.kiln(["whoami", "--json"]).output)
    #expect(json["signed_in"] as? Bool == true)
    #expect(json["confirmed"] as? Bool == false)
    #expect(try account.store.load()?.user.email == Self.email, "the session is kept")
  }

  @Test func commandsThatNeedNoTokenStartNoRefresh() async throws {
    let account = try Account()
    defer { account.tearDown() }
    try account.storeExpiredSession()
    for arguments in [["subscription"], ["chats"], ["doctor"], ["config"]] {
      _ = try await account.kiln(arguments)
    }
    #expect(account.gotrue.refreshGrantCount == 0)

    let whoami = try await account.kiln(["whoami"])
    #expect(whoami.status == 0, "\(whoami.error)")
    #expect(!whoami.error.contains("could not confirm"))
    #expect(account.gotrue.refreshGrantCount == 1, "whoami renews the expired token first")
    #expect(
      try account.store.load()?.refreshToken == account.gotrue.currentRefreshToken(for: Self.email))
  }

  @Test func logoutWithAnExpiredTokenEndsTheSessionOnTheServerToo() async throws {
    let account = try Account()
    defer { account.tearDown() }
    try account.storeExpiredSession()
    let logout = try await account.kiln(["logout"])
    #expect(logout.status == 0, "\(logout.error)")
    #expect(logout.output == "Signed out.\n")
    #expect(account.gotrue.refreshGrantCount == 1, "the expired token was renewed to sign out")
    #expect(!account.gotrue.hasLiveSession(for: Self.email), "the server ended the session")
    #expect(try account.store.load() == nil)
  }

  @Test func parallelRunsWithAnExpiredTokenRenewItOnceAndStaySignedIn() async throws {
    let account = try Account()
    defer { account.tearDown() }
    try account.storeExpiredSession()
    let results = try await withThrowingTaskGroup(
      of: (status: Int32, output: String, error: String).self
    ) { group in
      for _ in 0..<4 {
        group.addTask { try await account.kiln(["whoami"]) }
      }
      var results: [(status: Int32, output: String, error: String)] = []
      for try await result in group { results.append(result) }
      return results
    }
    for result in results {
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.hasPrefix("Signed in as \(Self.email) (id "))
      #expect(!result.error.contains("could not confirm"), "\(result.error)")
    }
    #expect(account.gotrue.refreshGrantCount == 1, "the others adopted the saved renewal")
    #expect(account.gotrue.lateReuses == [])
    #expect(
      try account.store.load()?.refreshToken == account.gotrue.currentRefreshToken(for: Self.email))
  }
}
