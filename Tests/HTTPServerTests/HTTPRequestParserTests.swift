import HTTPServer
import Testing

/// Request line and field syntax (RFC 9112 §2-5). Every input is also parsed one byte at a
/// time and split at every offset, with the same result.
@Suite struct HTTPRequestParserTests {
  @Test func parsesARequestLineAndFieldsInOrder() throws {
    let outcome = ParserHarness.parseEveryWay(
      "GET /a/b?x=1 HTTP/1.1\r\nHost: example.com\r\nX-Two:  spaced value \t\r\nx-two: 2\r\n\r\n")
    let request = try ParserHarness.onlyRequest(outcome)
    #expect(request.method == .get)
    #expect(request.target == "/a/b?x=1")
    #expect(request.head.path == "/a/b")
    #expect(request.head.query == "x=1")
    #expect(request.head.version == .http11)
    #expect(request.fields.map(\.name) == ["Host", "X-Two", "x-two"])
    #expect(request.fields.fields(named: "x-two").map(\.value) == ["spaced value", "2"])
    #expect(request.head.keepAlive)
    #expect(request.head.framing == .none)
    #expect(request.body.isEmpty)
    #expect(outcome.heads == [request.head])
  }

  @Test func ignoresEmptyLinesBeforeTheRequestLine() throws {
    let outcome = ParserHarness.parseEveryWay("\r\n\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(outcome).target == "/")
  }

  @Test func acceptsLineFeedOnlyLineEnds() throws {
    let outcome = ParserHarness.parseEveryWay(
      "POST /p HTTP/1.1\nHost: a\nContent-Length: 3\n\nabc")
    let request = try ParserHarness.onlyRequest(outcome)
    #expect(request.body == Array("abc".utf8))
  }

  @Test(arguments: [
    "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",
    "GET /\r HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\n\r\r\n",
  ])
  func refusesABareCarriageReturn(_ text: String) {
    #expect(ParserHarness.parseEveryWay(text).error == .bareCarriageReturn)
  }

  @Test func refusesObsoleteLineFolding() {
    let folded = "GET / HTTP/1.1\r\nHost: a\r\nX-A: one\r\n two\r\n\r\n"
    #expect(ParserHarness.parseEveryWay(folded).error == .obsoleteLineFolding)
    let afterStartLine = "GET / HTTP/1.1\r\n Host: a\r\n\r\n"
    #expect(ParserHarness.parseEveryWay(afterStartLine).error == .obsoleteLineFolding)
  }

  @Test(arguments: ["Host : a", "Host\t: a"])
  func refusesWhitespaceBeforeTheColon(_ line: String) {
    let outcome = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\n\(line)\r\n\r\n")
    #expect(outcome.error == .whitespaceBeforeColon)
    #expect(outcome.error?.status == 400)
  }

  @Test(arguments: ["No colon here", ": empty-name", "Bad(Name): v", "Sp ace: v", "Ünï: v"])
  func refusesFieldNamesThatAreNotTokens(_ line: String) {
    let outcome = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n")
    #expect(outcome.error == .invalidFieldName)
  }

  @Test(arguments: ["X: a\u{0}b", "X: a\u{7F}", "X: \u{1B}[31m"])
  func refusesControlCharactersInFieldValues(_ line: String) {
    let outcome = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n")
    #expect(outcome.error == .invalidFieldValue)
  }

  @Test func keepsObsoleteTextInFieldValuesAsBytes() throws {
    let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8)
    let request = try ParserHarness.onlyRequest(ParserHarness.parseEveryWay(bytes))
    #expect(request.fields.fields(named: "X").first?.rawValue == Array("caf".utf8) + [0xE9])
  }

  @Test(arguments: ["G(T / HTTP/1.1", "GE\tT / HTTP/1.1", " GET / HTTP/1.1", "G@T / HTTP/1.1"])
  func refusesMethodsThatAreNotTokens(_ requestLine: String) {
    let outcome = ParserHarness.parseEveryWay("\(requestLine)\r\nHost: a\r\n\r\n")
    #expect(outcome.error == .invalidMethod)
  }

  @Test func acceptsExtensionMethodsCaseSensitively() throws {
    let outcome = ParserHarness.parseEveryWay("propfind / HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(outcome).method.rawValue == "propfind")
  }

  @Test(arguments: [
    "GET  / HTTP/1.1", "GET / HTTP/1.1 ", "GET /", "GET", "GET / HTTP/1.1 extra",
  ])
  func refusesMalformedRequestLines(_ requestLine: String) {
    let outcome = ParserHarness.parseEveryWay("\(requestLine)\r\nHost: a\r\n\r\n")
    #expect(outcome.error == .malformedRequestLine)
  }

  @Test(arguments: ["GET /a\u{7F} HTTP/1.1", "GET /é HTTP/1.1", "GET * HTTP/1.1", "GET a HTTP/1.1"])
  func refusesInvalidTargets(_ requestLine: String) {
    let outcome = ParserHarness.parseEveryWay("\(requestLine)\r\nHost: a\r\n\r\n")
    #expect(outcome.error == .invalidTarget)
  }

  @Test(arguments: ["http/1.1", "HTTP/1.10", "HTTP/1", "HTTP/a.1", "HTTP/1,1", "HTTP/11.1"])
  func refusesMalformedVersions(_ version: String) {
    let outcome = ParserHarness.parseEveryWay("GET / \(version)\r\nHost: a\r\n\r\n")
    #expect(outcome.error == .malformedVersion)
  }

  @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"])
  func answers505ToMajorVersionsOtherThanOne(_ version: String) {
    let outcome = ParserHarness.parseEveryWay("GET / \(version)\r\nHost: a\r\n\r\n")
    #expect(outcome.error == .unsupportedVersion)
    #expect(outcome.error?.status == 505)
  }

  @Test func treatsHigherMinorVersionsAsHTTP11() throws {
    let outcome = ParserHarness.parseEveryWay("GET / HTTP/1.7\r\nHost: a\r\n\r\n")
    let request = try ParserHarness.onlyRequest(outcome)
    #expect(request.head.version == HTTPVersion(major: 1, minor: 7))
    #expect(request.head.keepAlive)
  }

  @Test func acceptsAbsoluteFormTargets() throws {
    let outcome = ParserHarness.parseEveryWay(
      "GET http://example.com:8080/p/q?r=s HTTP/1.1\r\nHost: other\r\n\r\n")
    let request = try ParserHarness.onlyRequest(outcome)
    #expect(request.target == "http://example.com:8080/p/q?r=s")
    #expect(request.head.path == "/p/q")
    #expect(request.head.query == "r=s")
  }

  @Test func acceptsAsteriskFormForOptionsAndAuthorityFormForConnect() throws {
    let options = ParserHarness.parseEveryWay("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(options).target == "*")
    let connect = ParserHarness.parseEveryWay(
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(connect).target == "example.com:443")
    let connectPath = ParserHarness.parseEveryWay("CONNECT /x HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connectPath.error == .invalidTarget)
  }

  @Test func requiresExactlyOneValidHostOnHTTP11() throws {
    #expect(ParserHarness.parseEveryWay("GET / HTTP/1.1\r\n\r\n").error == .missingHost)
    let two = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n")
    #expect(two.error == .multipleHosts)
    let bad = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost: a b/c\r\n\r\n")
    #expect(bad.error == .invalidHost)
    let empty = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost:\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(empty).fields["host"] == "")
    let http10 = ParserHarness.parseEveryWay("GET / HTTP/1.0\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(http10).head.version == .http10)
  }

  @Test func followsHTTP10AndHTTP11PersistenceRules() throws {
    let cases: [(String, Bool)] = [
      ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
      ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n", false),
      ("GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade, close\r\n\r\n", false),
      ("GET / HTTP/1.0\r\n\r\n", false),
      ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
      ("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n", false),
    ]
    for (text, keepAlive) in cases {
      let request = try ParserHarness.onlyRequest(ParserHarness.parseEveryWay(text))
      #expect(request.head.keepAlive == keepAlive, "\(text)")
    }
  }

  @Test func detectsExpect100ContinueOnHTTP11Only() throws {
    let head = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n"
    var parser = HTTPRequestParser()
    parser.feed(Array(head.utf8))
    guard case .head(let parsed) = try parser.nextEvent() else {
      Issue.record("no head before the body")
      return
    }
    #expect(parsed.expectsContinue)
    #expect(try parser.nextEvent() == nil)
    parser.feed(Array("ok".utf8))
    guard case .request(let request) = try parser.nextEvent() else {
      Issue.record("no request after the body")
      return
    }
    #expect(request.body == Array("ok".utf8))
    let http10 = ParserHarness.parseEveryWay("GET / HTTP/1.0\r\nExpect: 100-continue\r\n\r\n")
    #expect(try ParserHarness.onlyRequest(http10).head.expectsContinue == false)
    let other = ParserHarness.parseEveryWay("GET / HTTP/1.1\r\nHost: a\r\nExpect: x\r\n\r\n")
    #expect(other.error == .unsupportedExpectation)
    #expect(other.error?.status == 417)
  }

  @Test func answersPipelinedRequestsInOrderThenTheError() {
    let outcome = ParserHarness.parseEveryWay(
      "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\n"
        + "xGET /3 HTTP/1.1\r\nHost: a\r\n\r\nGET /4 HTTP/9.9\r\n\r\nGET /5 HTTP/1.1\r\n\r\n")
    #expect(outcome.requests.map(\.target) == ["/1", "/2", "/3"])
    #expect(outcome.requests[1].body == [0x78])
    #expect(outcome.error == .unsupportedVersion)
  }

  @Test func reportsWhetherItIsBetweenMessages() {
    var parser = HTTPRequestParser()
    #expect(parser.isBetweenMessages)
    parser.feed(Array("GET / HT".utf8))
    #expect(!parser.isBetweenMessages)
    parser.feed(Array("TP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(parser.isBetweenMessages)
  }
}
