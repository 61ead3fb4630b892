import Backend
import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// Reading `JWT_JWKS`: the location's two forms, a file read strictly and size-limited, and
/// a fetched body cut off at the limit.
@Suite struct JWKSLoaderTests {
  @Test(
    arguments: [
      ("/etc/kiln/jwks.json", JWKSLocation.file(path: "/etc/kiln/jwks.json")),
      ("keys.json", .file(path: "keys.json")),
      (
        "HTTPS://auth.example.com/.well-known/jwks.json",
        .url(
          URL(string: "HTTPS://auth.example.com/.well-known/jwks.json") ?? URL(fileURLWithPath: "/")
        )
      ),
    ] as [(String, JWKSLocation)])
  func readsAPathOrAnHTTPURL(_ value: String, _ expected: JWKSLocation) throws {
    #expect(try JWKSLocation(configurationValue: value) == expected)
  }

  @Test func refusesAnEmptyValueOrAURLWithoutAHost() {
    #expect(throws: JWKSError.invalidLocation("an empty value")) {
      try JWKSLocation(configurationValue: " ")
    }
    #expect(throws: JWKSError.invalidLocation("a URL without a host")) {
      try JWKSLocation(configurationValue: "https:///jwks.json")
    }
  }

  @Test func describesAURLWithoutItsQuery() throws {
    let location = try JWKSLocation(configurationValue: "https://h.example:8443/jwks?key=secret")
    #expect(location.description == "https://h.example:8443/jwks")
  }

  @Test func readsAFileAndRefusesAMissingLargeMalformedOrKeylessOne() async throws {
    try await withTemporaryDirectory { directory in
      let key = try P256PrivateKey.generate()
      let good = directory.appendingPathComponent("good.json")
      try Data(TokenMaker.jwks([key.publicKey.jwk(keyID: "ec-1")]).utf8).write(to: good)
      #expect(try JWKSLoader.readFile(path: good.path).keys.keys.sorted() == ["ec-1"])
      #expect(throws: JWKSError.tooLarge(limit: 64)) {
        try JWKSLoader.readFile(path: good.path, maximumBytes: 64)
      }
      let missing = directory.appendingPathComponent("missing.json").path
      #expect(throws: JWKSError.unreadableFile(path: missing)) {
        try JWKSLoader.readFile(path: missing)
      }
      let cases: [(String, JWKSError)] = [
        (#"{"keys":[]}"#, .noUsableKeys),
        (#"{"keys":[{"kty":"oct","kid":"h","k":"AAAA"}]}"#, .noUsableKeys),
        (#"{"keys":"none"}"#, .malformed("a JWK set needs a keys array")),
        (#"{"keys":[],"keys":[]}"#, .malformed("not one strict JSON object")),
      ]
      for (text, error) in cases {
        let file = directory.appendingPathComponent("bad.json")
        try Data(text.utf8).write(to: file)
        #expect(throws: error) { try JWKSLoader.readFile(path: file.path) }
      }
    }
  }

  @Test func stopsReadingAFetchedSetAtTheLimit() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let body = #"{"keys":[],"pad":""# + String(repeating: "x", count: 10_000) + #""}"#
      server.enqueue(
        .chunked([.text(body)]), method: .get, path: "/jwks.json")
      let loader = JWKSLoader(
        client: URLSessionHTTPClient(
          baseURL: nil, clock: .fixed(Date(timeIntervalSince1970: TokenMaker.now))),
        maximumBytes: 1000)
      await #expect(throws: JWKSError.tooLarge(limit: 1000)) {
        try await loader.load(from: .url(server.url("/jwks.json")))
      }
    }
  }
}
