import Core
import Foundation
import JOSE
import TestSupport
import Testing

@testable import Backend

@Suite struct AuthKeysAndHashingTests {
  func claims(of token: String) throws -> [String: StrictJSONValue] {
    let parts = token.split(separator: ".").map(String.init)
    #expect(parts.count == 3)
    return try StrictJSONParser().parseObject(try #require(Base64URL.decode(parts[1])))
  }

  @Test func theAPIKeysAreHS256JWTsForAnonAndServiceRoleValidForTenYears() async throws {
    let harness = AuthHarness()
    let keys = try await harness.service.keyring.apiKeys()
    let secret = try await harness.service.keyring.projectSecret()
    for (key, role) in [(keys.anonKey, "anon"), (keys.serviceRoleKey, "service_role")] {
      let members = try claims(of: key)
      #expect(members["role"] == .string(role))
      #expect(members["iat"] == .number(1_800_000_000))
      #expect(members["exp"] == .number(1_800_000_000 + 10 * 365 * 24 * 3600))
      let parts = key.split(separator: ".")
      let mac = try Digest.hmacSHA256(
        key: Array(secret.secret.utf8), message: Array((parts[0] + "." + parts[1]).utf8))
      #expect(Base64URL.encode(mac) == String(parts[2]))
    }
    // Neither is a user's access token: they carry no audience, so the proxy refuses both.
    let verifier = try JWTVerifier(
      hmacSecret: secret.secret, audience: "authenticated", clock: harness.clock.appClock)
    #expect(throws: JWTRejection.wrongAudience) { try verifier.verify(keys.anonKey) }
    #expect(throws: JWTRejection.wrongAudience) { try verifier.verify(keys.serviceRoleKey) }
  }

  @Test func theAPIKeysReadTheSameLaterAndOnAnotherInstance() async throws {
    let harness = AuthHarness()
    let first = try await harness.service.keyring.apiKeys()
    await harness.clock.advance(by: .seconds(86_400))
    let other = AuthKeyring(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer),
      clock: harness.clock.appClock)
    #expect(try await other.apiKeys() == first)
    #expect(try await harness.service.keyring.apiKeys() == first)
  }

  @Test func aConfiguredJWTSecretSignsTheAPIKeys() async throws {
    let secret = "a-configured-jwt-secret-of-at-least-32-bytes"
    let harness = AuthHarness { $0.jwtSecret = secret }
    let key = try await harness.service.keyring.apiKeys().anonKey
    let parts = key.split(separator: ".")
    let mac = try Digest.hmacSHA256(
      key: Array(secret.utf8), message: Array((parts[0] + "." + parts[1]).utf8))
    #expect(Base64URL.encode(mac) == String(parts[2]))
  }

  @Test func aKeySignedWithTheSameJWTSecretElsewhereIsAnAPIKey() async throws {
    let secret = "a-configured-jwt-secret-of-at-least-32-bytes"
    let harness = AuthHarness { $0.jwtSecret = secret }
    func key(role: String, exp: Int, secret: String) throws -> String {
      try JWTSigner(hmacSecret: secret).sign(claims: [
        "iss": .string("supabase"), "ref": .string("abcdefgh"), "role": .string(role),
        "iat": .number(1_700_000_000), "exp": .number(Double(exp)),
      ])
    }
    let other = "another-jwt-secret-that-is-also-32-bytes-long"
    let cases: [(String, Int)] = [
      (try key(role: "anon", exp: 2_000_000_000, secret: secret), 200),
      (try key(role: "service_role", exp: 2_000_000_000, secret: secret), 200),
      (try key(role: "anon", exp: 1_800_000_000, secret: secret), 401),
      (try key(role: "authenticated", exp: 2_000_000_000, secret: secret), 401),
      (try key(role: "anon", exp: 2_000_000_000, secret: other), 401),
    ]
    for (apikey, status) in cases {
      #expect(try await harness.send("GET", "/auth/v1/settings", apikey: apikey).status == status)
    }
  }

  @Test func theDefaultParametersAreScryptN2To15() async throws {
    let harness = AuthHarness { $0.scrypt = .passwordDefault }
    #expect(try await harness.signUp().status == 200)
    let hash = try #require(try await harness.store.user(email: "ada@example.com")?.password)
    #expect(hash.cost == 1 << 15 && hash.blockSize == 8 && hash.parallelization == 1)
    #expect(hash.salt.count == 16 && hash.hash.count == 32)
    #expect(try await harness.signIn().status == 200)
  }

  @Test func aHashWaitsForAFreeSlotThenGetsIt() async throws {
    let clock = ManualClock()
    let slots = HashingSlots(count: 1, wait: .seconds(2), clock: clock.appClock)
    #expect(await slots.acquire())
    let waiting = Task { await slots.acquire() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    await slots.release()
    #expect(await waiting.value)
  }

  @Test func aHashThatWaitsTooLongIsRefusedAndTheSlotStaysUsable() async throws {
    let clock = ManualClock()
    let slots = HashingSlots(count: 1, wait: .seconds(2), clock: clock.appClock)
    #expect(await slots.acquire())
    let waiting = Task { await slots.acquire() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(2))
    #expect(await waiting.value == false)
    await slots.release()
    #expect(await slots.acquire())
  }

  @Test func aSignInThatFindsNoHashingSlotIs503() async throws {
    let harness = AuthHarness { $0.concurrentHashes = 1 }
    _ = try await harness.signUp()
    let hasher = harness.service.hasher
    #expect(await hasher.slots.acquire())
    let signIn = Task { try await harness.signIn() }
    #expect(await harness.clock.waitForSleepers(1))
    await harness.clock.advance(by: .seconds(2))
    let answer = try await signIn.value
    #expect(answer.status == 503)
    await hasher.slots.release()
    #expect(try await harness.signIn().status == 200)
  }
}
