import Core
import Foundation
import HTTPServer
import Testing

/// `X-Request-ID`: a sane incoming identifier is kept, anything else is replaced, and the
/// response always echoes the one the handler saw.
@Suite struct RequestIDMiddlewareTests {
  private func answer(_ fields: [(String, String)]) async -> (HTTPServerResponse, String) {
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: ObservationFixtures.sequentialIdentifiers()))
    router.add(.get, "/who") { request, _ in .text(request.requestID ?? "none") }
    let request = HTTPServerRequest(
      head: HTTPRequestHead(
        method: .get, target: "/who", version: .http11,
        fields: HTTPFields([("Host", "a")] + fields)))
    let response = await router.respond(to: request)
    guard case .bytes(let body) = response.body else { return (response, "<stream>") }
    return (response, String(decoding: body, as: UTF8.self))
  }

  @Test func keepsASaneIncomingIdentifierAndEchoesIt() async {
    let (response, seen) = await answer([("X-Request-ID", "req-42.a:b/c+d=")])
    #expect(seen == "req-42.a:b/c+d=")
    #expect(response.fields["X-Request-ID"] == "req-42.a:b/c+d=")
  }

  @Test(
    arguments: [
      [("X-Request-ID", "")], [("X-Request-ID", "has space")],
      [("X-Request-ID", "quote\"")], [("X-Request-ID", String(repeating: "a", count: 129))],
      [("X-Request-ID", "one"), ("X-Request-ID", "two")], [],
    ] as [[(String, String)]])
  func replacesAMissingOrUnsafeIdentifier(_ fields: [(String, String)]) async {
    let (response, seen) = await answer(fields)
    #expect(seen == "00000000-0000-0000-0000-000000000001")
    #expect(response.fields.fields(named: "X-Request-ID").map(\.value) == [seen])
  }

  @Test(arguments: ["C0FFEE00-ABCD-4EF0-9A1B-0123456789AB", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"])
  func writesAGeneratedIdentifierAsLowercaseCanonicalText(_ uuid: String) async throws {
    let identifier = try #require(UUID(uuidString: uuid))
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: UUIDGenerator { identifier }))
    router.add(.get, "/who") { request, _ in .text(request.requestID ?? "none") }
    let request = HTTPServerRequest(
      head: HTTPRequestHead(
        method: .get, target: "/who", version: .http11, fields: HTTPFields([("Host", "a")])))
    let response = await router.respond(to: request)
    #expect(response.fields["X-Request-ID"] == uuid.lowercased())
  }

  @Test func acceptsExactly128Characters() {
    #expect(RequestIDMiddleware.isSane(String(repeating: "a", count: 128)))
    #expect(!RequestIDMiddleware.isSane("é"))
  }
}

@Suite struct SystemRandomIdentifierTests {
  @Test func makesDistinctIdentifiersForManyConcurrentCallers() async {
    // 8 callers x 500: the shared pool is refilled about 250 times while they race.
    let identifiers = await withTaskGroup(of: [UUID].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<500).map { _ in RequestIDMiddleware.systemRandomIdentifiers() } }
      }
      return await group.reduce(into: [UUID]()) { $0 += $1 }
    }
    #expect(identifiers.count == 4000)
    #expect(Set(identifiers).count == 4000)
  }

  @Test func makesDistinctVersion4Identifiers() {
    let identifiers = (0..<200).map { _ in RequestIDMiddleware.systemRandomIdentifiers() }
    #expect(Set(identifiers).count == 200)
    for identifier in identifiers {
      let text = identifier.uuidString.lowercased()
      #expect(Array(text)[14] == "4")
      #expect("89ab".contains(Array(text)[19]))
    }
  }

  @Test func scrambledCountersNeverRepeatAndStayVersion4() {
    let generate = RequestIDMiddleware.scrambledCounter(prefix: 0x0123_4567_89AB_CDEF, key: 0x9E37)
    let identifiers = (1...100_000).map { _ in generate() }
    #expect(Set(identifiers).count == 100_000)
    for identifier in identifiers.prefix(1000) {
      let text = Array(identifier.uuidString.lowercased())
      #expect(text[14] == "4")
      #expect("89ab".contains(text[19]))
    }
  }

  @Test func consecutiveIdentifiersDoNotCountUpwards() {
    // A plain counter would differ by one every time: a client could count the requests.
    let generate = RequestIDMiddleware.scrambledCounter(prefix: 7, key: 0x9E37)
    let low = (1...4).map { _ in
      withUnsafeBytes(of: generate().uuid) { raw in
        raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
      }
    }
    let steps = Set(zip(low, low.dropFirst()).map { $1 &- $0 })
    #expect(steps.count == 3)
  }
}
