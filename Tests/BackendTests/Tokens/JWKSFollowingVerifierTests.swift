import Backend
import Core
import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// `JWKSFollowingVerifier` against a real loopback JWKS server (strict: an unexpected
/// request or an unused scripted answer fails the test): keys fetched at start, refetched
/// for an unknown `kid` at most once a minute, the last good keys kept on failure.
@Suite struct JWKSFollowingVerifierTests {
  let clock = ManualClock(start: Date(timeIntervalSince1970: TokenMaker.now))
  let first: P256PrivateKey
  let second: P256PrivateKey

  init() throws {
    first = try P256PrivateKey.generate()
    second = try P256PrivateKey.generate()
  }

  func judge(
    _ server: LoopbackHTTPServer, secret: String? = TokenMaker.secret,
    maximumBytes: Int = JWKSLoader.defaultMaximumBytes
  ) throws -> JWKSFollowingVerifier {
    let client = URLSessionHTTPClient(baseURL: nil, clock: clock.appClock)
    return try JWKSFollowingVerifier(
      settings: .init(hmacSecret: secret), location: .url(server.url("/jwks.json")),
      loader: JWKSLoader(client: client, maximumBytes: maximumBytes), clock: clock.appClock)
  }

  func serveKeys(_ keys: [JWK], on server: LoopbackHTTPServer) {
    server.enqueue(.json(TokenMaker.jwks(keys)), method: .get, path: "/jwks.json")
  }

  func verdict(
    _ judge: JWKSFollowingVerifier, _ token: String
  ) async -> Result<Principal, JWTRejection> {
    do throws(JWTRejection) {
      return .success(try await judge.principal(authorization: "Bearer " + token))
    } catch {
      return .failure(error)
    }
  }

  @Test func fetchesAtStartAndVerifiesES256AndRS256ByTheirKid() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let rsa = try RSAPrivateKey.generate()
      serveKeys(
        [first.publicKey.jwk(keyID: "ec-1"), rsa.publicKey.jwk(keyID: "rsa-1")], on: server)
      let judge = try judge(server)
      #expect(try await judge.loadKeys() == nil)
      #expect(judge.trustedKeyIDs == ["ec-1", "rsa-1"])
      let es = try await verdict(judge, TokenMaker.es256(first, kid: "ec-1"))
      let rs = try await verdict(judge, TokenMaker.rs256(rsa, kid: "rsa-1"))
      #expect(try es.get().subject == "user-1")
      #expect(try rs.get().subject == "user-1")
      #expect(server.requests.count == 1)
      #expect(server.requests.first?.headers["Accept"] == "application/json")
    }
  }

  @Test func refetchesWhenATokenNamesAnUnknownKid() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      serveKeys([first.publicKey.jwk(keyID: "ec-1")], on: server)
      let judge = try judge(server)
      try await judge.loadKeys()
      await clock.advance(by: .seconds(61))
      serveKeys(
        [first.publicKey.jwk(keyID: "ec-1"), second.publicKey.jwk(keyID: "ec-2")], on: server)
      let rotated = try await verdict(judge, TokenMaker.es256(second, kid: "ec-2"))
      #expect(try rotated.get().subject == "user-1")
      #expect(server.requests.count == 2)
      // A known kid never fetches.
      _ = try await verdict(judge, TokenMaker.es256(first, kid: "ec-1")).get()
      #expect(server.requests.count == 2)
    }
  }

  /// A token judged before is not trusted for having passed: once the refetched set no
  /// longer holds its key, it is refused like any other token of that key.
  @Test func aTokenThatPassedIsRefusedOnceItsKeyIsNoLongerServed() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      serveKeys([first.publicKey.jwk(keyID: "ec-1")], on: server)
      let judge = try judge(server)
      try await judge.loadKeys()
      let retired = try TokenMaker.es256(first, kid: "ec-1")
      #expect(try await verdict(judge, retired).get().subject == "user-1")
      #expect(try await verdict(judge, retired).get().subject == "user-1")
      await clock.advance(by: .seconds(61))
      serveKeys([second.publicKey.jwk(keyID: "ec-2")], on: server)
      _ = try await verdict(judge, TokenMaker.es256(second, kid: "ec-2")).get()
      #expect(judge.trustedKeyIDs == ["ec-2"])
      #expect(await verdict(judge, retired) == .failure(.unknownKey))
      #expect(server.requests.count == 2)
    }
  }

  @Test func fetchesAtMostOnceAMinuteHoweverManyUnknownKidsArrive() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      serveKeys([first.publicKey.jwk(keyID: "ec-1")], on: server)
      let judge = try judge(server)
      try await judge.loadKeys()
      let rotated = try TokenMaker.es256(second, kid: "ec-2")
      await clock.advance(by: .seconds(59))
      #expect(await verdict(judge, rotated) == .failure(.unknownKey))
      #expect(server.requests.count == 1)

      // Twenty tokens naming the new kid at once share one fetch, and all wait for it.
      await clock.advance(by: .seconds(1))
      serveKeys(
        [first.publicKey.jwk(keyID: "ec-1"), second.publicKey.jwk(keyID: "ec-2")], on: server)
      let verdicts = await withTaskGroup(of: Result<Principal, JWTRejection>.self) { group in
        for _ in 0..<20 { group.addTask { await verdict(judge, rotated) } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(verdicts.allSatisfy { (try? $0.get().subject) == "user-1" })
      #expect(server.requests.count == 2)

      await clock.advance(by: .seconds(30))
      let third = try TokenMaker.es256(try P256PrivateKey.generate(), kid: "ec-3")
      #expect(await verdict(judge, third) == .failure(.unknownKey))
      #expect(server.requests.count == 2)
    }
  }

  @Test func aFailedFetchKeepsTheLastGoodKeys() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      serveKeys([first.publicKey.jwk(keyID: "ec-1")], on: server)
      let judge = try judge(server, maximumBytes: 4096)
      try await judge.loadKeys()
      let known = try TokenMaker.es256(first, kid: "ec-1")
      let unknown = try TokenMaker.es256(second, kid: "ec-2")
      let failures: [LoopbackResponse] = [
        .status(503), .json(#"{"keys":5}"#), .json(#"{"keys":[]}"#), .text("not json"),
        .json(#"{"keys":[],"pad":""# + String(repeating: "x", count: 5000) + #""}"#),
      ]
      for failure in failures {
        await clock.advance(by: .seconds(61))
        server.enqueue(failure, method: .get, path: "/jwks.json")
        #expect(await verdict(judge, unknown) == .failure(.unknownKey))
        #expect(try await verdict(judge, known).get().subject == "user-1")
        #expect(judge.trustedKeyIDs == ["ec-1"])
      }
      #expect(server.requests.count == 1 + failures.count)
    }
  }

  @Test func aFailedFirstFetchIsReportedAndRetriedAMinuteLater() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      server.enqueue(.status(500), method: .get, path: "/jwks.json")
      let judge = try judge(server)
      #expect(try await judge.loadKeys() == .fetchFailed("HTTP status 500"))
      let token = try TokenMaker.es256(first, kid: "ec-1")
      #expect(await verdict(judge, token) == .failure(.unknownKey))
      await clock.advance(by: .seconds(60))
      serveKeys([first.publicKey.jwk(keyID: "ec-1")], on: server)
      #expect(try await verdict(judge, token).get().subject == "user-1")
      #expect(server.requests.count == 2)
    }
  }

  @Test func readsAFileOnceAtStartAndRefusesABadOne() async throws {
    try await withTemporaryDirectory { directory async throws in
      let file = directory.appendingPathComponent("jwks.json")
      try Data(TokenMaker.jwks([first.publicKey.jwk(keyID: "ec-1")]).utf8).write(to: file)
      let loader = JWKSLoader(client: UnconfiguredHTTPClient(missing: "a JWKS URL"))
      let judge = try JWKSFollowingVerifier(
        settings: .init(), location: .file(path: file.path), loader: loader,
        clock: clock.appClock)
      #expect(try await judge.loadKeys() == nil)
      #expect(
        try await verdict(judge, TokenMaker.es256(first, kid: "ec-1")).get().subject == "user-1")
      // Rewritten later, the file is not read again: its keys are fixed at start.
      try Data(TokenMaker.jwks([second.publicKey.jwk(keyID: "ec-2")]).utf8).write(to: file)
      await clock.advance(by: .seconds(120))
      #expect(
        await verdict(judge, try TokenMaker.es256(second, kid: "ec-2")) == .failure(.unknownKey))

      try Data("{}".utf8).write(to: file)
      let broken = try JWKSFollowingVerifier(
        settings: .init(), location: .file(path: file.path), loader: loader,
        clock: clock.appClock)
      await #expect(throws: JWKSError.malformed("a JWK set needs a keys array")) {
        try await broken.loadKeys()
      }
    }
  }
}
