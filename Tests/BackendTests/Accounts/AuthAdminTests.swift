import Backend
import Foundation
import JOSE
import Testing

/// GoTrue's admin routes: only the service-role key may list, read and delete accounts.
@Suite struct AuthAdminTests {
  func admin(
    _ harness: AuthHarness, _ method: String, _ path: String, query: [(String, String)] = [],
    bearer: String? = nil
  ) async throws -> AuthHarness.Answer {
    let key = try await harness.service.keyring.apiKeys().serviceRoleKey
    return try await harness.send(
      method, "/auth/v1/admin/users" + path, query: query, bearer: bearer ?? key, apikey: key)
  }

  func signUpThree(_ harness: AuthHarness) async throws -> [String] {
    var ids: [String] = []
    for name in ["ada", "bob", "cy"] {
      let answer = try await harness.signUp("\(name)@example.com")
      ids.append(try #require(answer["user"]?["id"]?.stringValue))
      await harness.clock.advance(by: .seconds(1))
    }
    return ids
  }

  @Test func theListIsPagedOldestFirstWithTheTotalAndLinks() async throws {
    let harness = AuthHarness()
    let ids = try await signUpThree(harness)
    let first = try await admin(harness, "GET", "", query: [("page", "1"), ("per_page", "2")])
    #expect(first.status == 200)
    #expect(first["aud"] == .string("authenticated"))
    let users = try #require(first["users"]?.arrayValue)
    #expect(users.compactMap { $0["id"]?.stringValue } == Array(ids.prefix(2)))
    #expect(first.header("X-Total-Count") == "3")
    #expect(first.header("Link")?.contains("page=2&per_page=2>; rel=\"next\"") == true)
    let second = try await admin(harness, "GET", "", query: [("page", "2"), ("per_page", "2")])
    #expect(
      second["users"]?.arrayValue?.compactMap { $0["email"]?.stringValue } == ["cy@example.com"])
    #expect(second.header("Link")?.contains("rel=\"next\"") == false)
    let all = try await admin(harness, "GET", "")
    #expect(all["users"]?.arrayValue?.count == 3)
    let bad = try await admin(harness, "GET", "", query: [("per_page", "0")])
    #expect(bad.status == 400)
    #expect(bad.errorCode == "validation_failed")
  }

  @Test func oneUserReadsBackAndAnUnknownOrMalformedIdIsNotFound() async throws {
    let harness = AuthHarness()
    let ids = try await signUpThree(harness)
    let one = try await admin(harness, "GET", "/" + ids[1])
    #expect(one.status == 200)
    #expect(one["email"] == .string("bob@example.com"))
    let unknown = try await admin(harness, "GET", "/" + UUID(sequence: 99).uuidString)
    #expect(unknown.status == 404)
    #expect(unknown.errorCode == "user_not_found")
    #expect(try await admin(harness, "GET", "/not-a-uuid").status == 404)
  }

  @Test func deletingErasesTheProxysDataAroundTheAccountOnce() async throws {
    let harness = AuthHarness()
    let ids = try await signUpThree(harness)
    let deleted = try await admin(harness, "DELETE", "/" + ids[0])
    #expect(deleted.status == 200)
    // Before the account goes and after it, for what requests in flight wrote meanwhile.
    #expect(harness.hook.erased == [ids[0], ids[0]])
    #expect(harness.hook.accountExisted == [true, false])
    #expect(try await harness.signIn("ada@example.com").errorCode == "invalid_credentials")
    #expect(try await admin(harness, "GET", "/" + ids[0]).errorCode == "user_not_found")
    #expect(try await admin(harness, "DELETE", "/" + ids[0]).status == 404)
    #expect(try await admin(harness, "GET", "")["users"]?.arrayValue?.count == 2)
  }

  @Test func aFailingEraseKeepsTheAccount() async throws {
    let harness = AuthHarness()
    let ids = try await signUpThree(harness)
    harness.hook.failNextCalls(true)
    #expect(try await admin(harness, "DELETE", "/" + ids[0]).status == 503)
    #expect(try await admin(harness, "GET", "/" + ids[0]).status == 200)
  }

  @Test func aUsersTokenIsRefusedAsNotAdminAndNoTokenAsNoAuthorization() async throws {
    let harness = AuthHarness()
    let signedUp = try await harness.signUp()
    let access = try #require(signedUp.string["access_token"])
    let id = try #require(signedUp["user"]?["id"]?.stringValue)
    for (method, path) in [("GET", ""), ("GET", "/" + id), ("DELETE", "/" + id)] {
      let refused = try await harness.send(
        method, "/auth/v1/admin/users" + path, bearer: access)
      #expect(refused.status == 403)
      #expect(refused.errorCode == "not_admin")
    }
    let anon = try await harness.anonKey
    let anonRefused = try await harness.send("GET", "/auth/v1/admin/users", bearer: anon)
    #expect(anonRefused.status == 403)
    let none = try await harness.send("GET", "/auth/v1/admin/users")
    #expect(none.status == 401)
    #expect(none.errorCode == "no_authorization")
    #expect(harness.hook.erased.isEmpty)
    #expect(try await harness.user(access).status == 200)
  }
}
