import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct HTTPResponseCacheTests {
  let clock = RecordingClock()

  static func key(_ path: String, token: String? = nil) throws -> HTTPResponseCache.Key {
    HTTPResponseCache.Key(
      url: try #require(URL(string: "https://api.test\(path)")), authorization: token)
  }

  @Test func aResponseIsFreshUntilItsTimeToLiveEnds() throws {
    let cache = HTTPResponseCache(defaultTimeToLive: 60, clock: clock.appClock)
    let key = try Self.key("/a")
    cache.store(HTTPResponse(statusCode: 200, data: Data("a".utf8)), for: key)
    clock.advance(by: 59.9)
    #expect(cache.response(for: key)?.data == Data("a".utf8))
    clock.advance(by: 0.1)
    #expect(cache.response(for: key) == nil)
    #expect(cache.count == 0)
  }

  @Test func aTimeToLiveGivenAtStoreTimeWins() throws {
    let cache = HTTPResponseCache(defaultTimeToLive: 60, clock: clock.appClock)
    let key = try Self.key("/a")
    cache.store(HTTPResponse(statusCode: 200), for: key, timeToLive: 5)
    clock.advance(by: 5)
    #expect(cache.response(for: key) == nil)
  }

  @Test(arguments: [
    HTTPResponse(statusCode: 404), HTTPResponse(statusCode: 500),
    HTTPResponse(statusCode: 200, headers: ["Cache-Control": "private, no-store"]),
  ])
  func errorsAndNoStoreResponsesAreNotKept(response: HTTPResponse) throws {
    let cache = HTTPResponseCache(clock: clock.appClock)
    let key = try Self.key("/a")
    cache.store(response, for: key)
    #expect(cache.response(for: key) == nil)
  }

  @Test func entriesAreSeparatedByCredential() throws {
    let cache = HTTPResponseCache(clock: clock.appClock)
    cache.store(
      HTTPResponse(statusCode: 200, data: Data("alice".utf8)),
      for: try Self.key("/me", token: "Bearer a"))
    #expect(cache.response(for: try Self.key("/me", token: "Bearer b")) == nil)
    #expect(cache.response(for: try Self.key("/me")) == nil)
    #expect(cache.response(for: try Self.key("/me", token: "Bearer a"))?.data == Data("alice".utf8))
  }

  @Test func theKeyNeverHoldsTheTokenItself() throws {
    let key = try Self.key("/me", token: "Bearer secret-token")
    #expect(!key.credential.contains("secret-token"))
    #expect(key.credential.count == 64)
  }

  @Test func theOldestEntriesGoWhenFull() throws {
    let cache = HTTPResponseCache(maximumEntries: 2, clock: clock.appClock)
    for path in ["/1", "/2", "/3"] {
      cache.store(HTTPResponse(statusCode: 200), for: try Self.key(path))
    }
    #expect(cache.count == 2)
    #expect(cache.response(for: try Self.key("/1")) == nil)
    #expect(cache.response(for: try Self.key("/3")) != nil)
  }

  @Test func removeAllAndRemoveForURLForget() throws {
    let cache = HTTPResponseCache(clock: clock.appClock)
    cache.store(HTTPResponse(statusCode: 200), for: try Self.key("/a", token: "x"))
    cache.store(HTTPResponse(statusCode: 200), for: try Self.key("/a", token: "y"))
    cache.store(HTTPResponse(statusCode: 200), for: try Self.key("/b"))
    cache.removeResponses(for: try #require(URL(string: "https://api.test/a")))
    #expect(cache.count == 1)
    cache.removeAll()
    #expect(cache.count == 0)
  }
}

@Suite struct ClientCachingTests {
  let clock = RecordingClock()

  func client(_ server: LoopbackHTTPServer, ttl: TimeInterval = 60) -> URLSessionHTTPClient {
    makeClient(
      server, cache: HTTPResponseCache(defaultTimeToLive: ttl, clock: clock.appClock),
      clock: clock.appClock)
  }

  @Test func aRepeatedGetIsServedFromTheCacheUntilTheTTLPasses() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/config") { request in .json(#"{"n":\#(request.index)}"#) }
    let client = client(server, ttl: 30)
    #expect(try await client.send(HTTPRequest(path: "/config")).text == #"{"n":0}"#)
    clock.advance(by: 29)
    #expect(try await client.send(HTTPRequest(path: "/config")).text == #"{"n":0}"#)
    #expect(server.requests.count == 1)
    clock.advance(by: 1)
    #expect(try await client.send(HTTPRequest(path: "/config")).text == #"{"n":1}"#)
    #expect(server.requests.count == 2)
  }

  @Test func theQueryIsPartOfTheKey() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/items") { request in .text(request.queryValue("page") ?? "") }
    let client = client(server)
    #expect(try await client.send(HTTPRequest(path: "/items").withQuery("page", "1")).text == "1")
    #expect(try await client.send(HTTPRequest(path: "/items").withQuery("page", "2")).text == "2")
    #expect(server.requests.count == 2)
  }

  @Test func reloadSkipsTheCacheButRefreshesIt() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/x") { request in .text("\(request.index)") }
    let client = client(server)
    _ = try await client.send(HTTPRequest(path: "/x"))
    #expect(try await client.send(HTTPRequest(path: "/x").withCachePolicy(.reload)).text == "1")
    #expect(try await client.send(HTTPRequest(path: "/x")).text == "1")
    #expect(server.requests.count == 2)
  }

  @Test func noCacheNeitherReadsNorWrites() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/x") { request in .text("\(request.index)") }
    let client = client(server)
    _ = try await client.send(HTTPRequest(path: "/x").withCachePolicy(.noCache))
    _ = try await client.send(HTTPRequest(path: "/x").withCachePolicy(.noCache))
    #expect(try await client.send(HTTPRequest(path: "/x")).text == "2")
    #expect(server.requests.count == 3)
  }

  @Test func aPerRequestTimeToLiveAppliesToTheStoredResponse() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/x") { request in .text("\(request.index)") }
    let client = client(server, ttl: 600)
    _ = try await client.send(HTTPRequest(path: "/x").withCachePolicy(.timeToLive(5)))
    clock.advance(by: 5)
    #expect(try await client.send(HTTPRequest(path: "/x")).text == "1")
  }

  @Test func writesAreNeverCachedAndDropTheCachedRead() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(nil, "/profile") { request in .text("\(request.method) \(request.index)") }
    let client = client(server)
    _ = try await client.send(HTTPRequest(path: "/profile"))
    _ = try await client.send(HTTPRequest(path: "/profile", method: .patch))
    _ = try await client.send(HTTPRequest(path: "/profile", method: .patch))
    #expect(try await client.send(HTTPRequest(path: "/profile")).text == "GET 3")
    #expect(server.requests.count == 4)
  }

  @Test func errorResponsesAreNotCached() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(500), .text("ok"), path: "/x")
    let client = client(server)
    await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/x")) }
    #expect(try await client.send(HTTPRequest(path: "/x")).text == "ok")
  }

  @Test func differentTokensDoNotShareCachedResponses() async throws {
    struct Token: TokenProvider {
      let value: String
      func currentToken() async throws -> String? { value }
    }
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/me") { request in .text(request.headers["Authorization"] ?? "none") }
    let cache = HTTPResponseCache(clock: clock.appClock)
    let alice = makeClient(
      server, interceptors: [AuthInterceptor(tokenProvider: Token(value: "a"))], cache: cache,
      clock: clock.appClock)
    let bob = makeClient(
      server, interceptors: [AuthInterceptor(tokenProvider: Token(value: "b"))], cache: cache,
      clock: clock.appClock)
    #expect(try await alice.send(HTTPRequest(path: "/me")).text == "Bearer a")
    #expect(try await bob.send(HTTPRequest(path: "/me")).text == "Bearer b")
    #expect(try await alice.send(HTTPRequest(path: "/me")).text == "Bearer a")
    #expect(server.requests.count == 2)
  }

  @Test func streamsBypassTheCache() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/s") { request in .eventStream([.text("\(request.index)")]) }
    let client = client(server)
    _ = try await client.send(HTTPRequest(path: "/s"))
    let streamed = try await client.stream(HTTPRequest(path: "/s"))
    #expect(try await streamed.body.collect().text == "1")
  }
}
