import Backend
import Core
import Foundation
import JOSE
import Testing

/// `AuthKeyring.rotateSigningKey` (`kiln-server keys rotate`, decisions 24 and 95).
@Suite struct AuthKeyRotationTests {
  static func keyID(of token: String) throws -> String? {
    let header = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(token.split(separator: ".")[0]))))
    return header["kid"]?.stringValue
  }

  @Test func oldTokensStayValidNewOnesCarryTheNewKidAndTheOldKeyLeavesAfterExpiry()
    async throws
  {
    let harness = AuthHarness()
    let before = try #require(try await harness.signUp().string["access_token"])
    let oldKeyID = try #require(try Self.keyID(of: before))
    let newKeyID = try await harness.service.keyring.rotateSigningKey()
    #expect(newKeyID != oldKeyID)
    let after = try #require(try await harness.signIn().string["access_token"])
    #expect(try Self.keyID(of: after) == newKeyID)
    #expect(try await harness.user(before).status == 200)
    #expect(try await harness.user(after).status == 200)
    #expect(Set(try await harness.publishedKeys().keys.keys) == [oldKeyID, newKeyID])
    await harness.clock.advance(by: .seconds(3600 + 31))
    #expect(Set(try await harness.publishedKeys().keys.keys) == [newKeyID])
  }

  @Test func anotherInstanceHonoursARotatedKeyAtOnceAndSignsWithItAfterwards() async throws {
    let harness = AuthHarness()
    _ = try await harness.signUp()
    let other = AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 100)
    ) { _ in }
    let oldKeyID = try #require(
      try Self.keyID(of: try await other.keyring.signer().sign(claims: [:])))
    let newKeyID = try await harness.service.keyring.rotateSigningKey()
    let after = try #require(try await harness.signIn().string["access_token"])
    let request = BackendRequest(
      method: "GET", path: "/auth/v1/user",
      headers: [
        (name: "apikey", value: try await harness.anonKey),
        (name: "Authorization", value: "Bearer " + after),
      ])
    #expect(await other.handle(request).status == 200, "an unknown kid reads the store")
    #expect(try Self.keyID(of: try await other.keyring.signer().sign(claims: [:])) == newKeyID)
    #expect(newKeyID != oldKeyID)
  }
}
