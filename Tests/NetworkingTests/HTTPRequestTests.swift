import Foundation
import Networking
import Testing

@Suite struct HTTPRequestTests {
  struct URLCase: Sendable, CustomTestStringConvertible {
    var base: String?
    var request: HTTPRequest
    var expected: String
    var testDescription: String { expected }
  }

  static let urlCases: [URLCase] = [
    URLCase(
      base: "https://api.test", request: HTTPRequest(path: "/v1/models"),
      expected: "https://api.test/v1/models"),
    URLCase(
      base: "https://api.test/", request: HTTPRequest(path: "v1/models"),
      expected: "https://api.test/v1/models"),
    URLCase(
      base: "https://x.test/functions/v1", request: HTTPRequest(path: "/ai"),
      expected: "https://x.test/functions/v1/ai"),
    URLCase(
      base: "https://x.test/functions/v1/", request: HTTPRequest(path: "/ai"),
      expected: "https://x.test/functions/v1/ai"),
    URLCase(
      base: "http://127.0.0.1:8080", request: HTTPRequest(path: ""),
      expected: "http://127.0.0.1:8080/"),
    URLCase(
      base: "https://api.test", request: HTTPRequest(path: "/items?page=2").withQuery("q", "a b"),
      expected: "https://api.test/items?page=2&q=a%20b"),
    URLCase(
      base: "https://api.test", request: HTTPRequest(path: "/files/my report"),
      expected: "https://api.test/files/my%20report"),
    URLCase(
      base: "https://api.test", request: HTTPRequest(path: "/files/a%2Fb"),
      expected: "https://api.test/files/a%2Fb"),
    URLCase(
      base: "https://api.test?key=drop", request: HTTPRequest(path: "/p"),
      expected: "https://api.test/p"),
  ]

  @Test(arguments: urlCases)
  func resolvesAgainstTheBaseURLOrUsesTheAbsoluteURL(_ testCase: URLCase) throws {
    let base = testCase.base.flatMap(URL.init(string:))
    #expect(try testCase.request.resolvedURL(baseURL: base).absoluteString == testCase.expected)
  }

  @Test func anAbsoluteURLIgnoresTheBaseURLAndKeepsItsQuery() throws {
    let url = try #require(URL(string: "https://other.test/auth/v1/token?grant_type=password"))
    let request = HTTPRequest(url: url).withQuery("x", "1")
    let base = URL(string: "https://ignored.test/base")
    #expect(
      try request.resolvedURL(baseURL: base).absoluteString
        == "https://other.test/auth/v1/token?grant_type=password&x=1")
    #expect(try request.resolvedURL(baseURL: nil).host == "other.test")
    #expect(request.pathForDisplay == "/auth/v1/token")
  }

  @Test func queryValuesAreStrictlyPercentEncoded() throws {
    let request = HTTPRequest(path: "/search")
      .withQuery("email", "a+b@example.com")
      .withQuery("filter", "x=1&y=2")
      .withQuery("emoji", "é")
    let url = try request.resolvedURL(baseURL: URL(string: "https://api.test"))
    #expect(
      url.absoluteString
        == "https://api.test/search?email=a%2Bb%40example.com&filter=x%3D1%26y%3D2&emoji=%C3%A9")
  }

  @Test func aNilQueryValueLeavesTheRequestUnchanged() {
    let cursor: String? = nil
    let request = HTTPRequest(path: "/items").withQuery("cursor", cursor)
    #expect(request.query.isEmpty)
  }

  @Test func aBareQueryItemIsSentWithoutAValue() throws {
    var request = HTTPRequest(path: "/items")
    request.query = [URLQueryItem(name: "flag", value: nil)]
    let url = try request.resolvedURL(baseURL: URL(string: "https://api.test"))
    #expect(url.absoluteString == "https://api.test/items?flag")
  }

  @Test func aRelativePathWithoutABaseURLIsAnInvalidRequest() {
    #expect(throws: HTTPError.self) {
      try HTTPRequest(path: "/v1/models").resolvedURL(baseURL: nil)
    }
  }

  @Test func jsonBodySetsTheContentTypeUnlessOneIsSet() throws {
    struct Payload: Encodable { var name: String }
    let plain = try HTTPRequest(path: "/p", method: .post).withJSONBody(Payload(name: "kiln"))
    #expect(plain.headers["content-type"] == "application/json")
    #expect(plain.body.map { String(decoding: $0, as: UTF8.self) } == #"{"name":"kiln"}"#)
    let custom = try HTTPRequest(path: "/p", method: .post)
      .withHeader("Content-Type", "application/merge-patch+json")
      .withJSONBody(Payload(name: "kiln"))
    #expect(custom.headers["Content-Type"] == "application/merge-patch+json")
  }

  @Test func jsonBodyThatCannotBeEncodedIsAnInvalidRequest() {
    #expect {
      try HTTPRequest(path: "/p", method: .post).withJSONBody(["x": Double.nan])
    } throws: { error in
      guard case .invalidRequest = error as? HTTPError else { return false }
      return true
    }
  }

  @Test func buildersReturnModifiedCopies() {
    let base = HTTPRequest(path: "/p")
    let changed = base.withHeader("X-A", "1").withCachePolicy(.reload).withTimeout(5)
      .withBody(Data([1, 2]), contentType: "application/octet-stream")
    #expect(base.headers.isEmpty && base.cachePolicy == nil && base.timeouts == nil)
    #expect(changed.headers["x-a"] == "1")
    #expect(changed.cachePolicy == .reload)
    #expect(changed.timeouts == HTTPTimeouts(connect: 5, idle: 5, total: nil))
    #expect(changed.body == Data([1, 2]))
    #expect(changed.headers["Content-Type"] == "application/octet-stream")
  }

  @Test func withTimeoutKeepsAnExistingTotalDeadline() {
    let request = HTTPRequest(path: "/p")
      .withTimeouts(HTTPTimeouts(connect: 1, idle: 2, total: 60)).withTimeout(9)
    #expect(request.timeouts == HTTPTimeouts(connect: 9, idle: 9, total: 60))
  }

  @Test func descriptionShowsMethodAndPathButNotTheQuery() {
    let request = HTTPRequest(path: "/v1/items?api_key=secret", method: .delete)
      .withQuery("token", "secret")
    #expect(request.description == "DELETE /v1/items")
  }
}
