import Networking
import Testing

/// One stream and the events the WHATWG rules give for it.
struct ServerSentEventCase: Sendable, CustomTestStringConvertible {
  let name: String
  let input: String
  let expected: [ServerSentEvent]

  init(_ name: String, _ input: String, _ expected: [ServerSentEvent]) {
    self.name = name
    self.input = input
    self.expected = expected
  }

  var testDescription: String { name }
}

/// The field rules of "Interpreting an event stream", each stream fed in every chunking.
@Suite struct ServerSentEventParserTests {
  static let fieldCases: [ServerSentEventCase] = [
    .init("one data line", "data: hello\n\n", [ServerSentEvent(data: "hello")]),
    .init("data lines join with LF", "data: a\ndata: b\ndata: c\n\n", [.init(data: "a\nb\nc")]),
    .init("only the last LF is removed", "data: a\ndata:\n\n", [.init(data: "a\n")]),
    .init("data with an empty value dispatches", "data:\n\n", [.init(data: "")]),
    .init("two empty data lines", "data\ndata\n\n", [.init(data: "\n")]),
    .init("no data, no event", "event: add\n\n", []),
    .init("blank lines alone", "\n\n\r\n\r\r", []),
    .init(
      "event names the type", "event: add\ndata: 73857293\n\n",
      [.init(type: "add", data: "73857293")]),
    .init("empty event means message", "event:\ndata: x\n\n", [.init(data: "x")]),
    .init(
      "the last event field wins", "event: a\nevent: b\ndata: x\n\n",
      [.init(type: "b", data: "x")]),
    .init(
      "event type resets after dispatch", "event: a\ndata: 1\n\ndata: 2\n\n",
      [.init(type: "a", data: "1"), .init(data: "2")]),
    .init(
      "event type resets on a blank line without data", "event: a\n\ndata: 2\n\n",
      [.init(data: "2")]),
    .init("comments are ignored", ": hi\ndata: a\n:\n: more\n\n", [.init(data: "a")]),
    .init("a comment-only block is no event", ": ping\n\n: ping\n\n", []),
    .init("one space is removed", "data:  two\n\n", [.init(data: " two")]),
    .init("no space is needed", "data:x\n\n", [.init(data: "x")]),
    .init("a tab is kept", "data:\tx\n\n", [.init(data: "\tx")]),
    .init("trailing spaces are kept", "data: x  \n\n", [.init(data: "x  ")]),
    .init("later colons belong to the value", "data: a: b:c\n\n", [.init(data: "a: b:c")]),
    .init("no colon: the line is the name", "data\n\n", [.init(data: "")]),
    .init("event without colon is empty", "event\ndata: x\n\n", [.init(data: "x")]),
    .init(
      "names are case-sensitive", "Data: a\nDATA: b\nEvent: c\ndata: d\n\n", [.init(data: "d")]),
    .init("a space before the colon is part of the name", "data : a\n\n", []),
    .init("unknown fields are ignored", "foo: bar\nx\ndata: a\n\n", [.init(data: "a")]),
    .init("NULL in data is kept", "data: a\u{0}b\n\n", [.init(data: "a\u{0}b")]),
    .init(
      "a CR ends a line anywhere", "data: a\rb\rdata: c\r\r",
      [.init(data: "a\nc")]),
    .init(
      "LF, CR and CRLF mix", "data: a\r\rdata: b\r\n\r\ndata: c\n\ndata: d\r\n\n",
      [.init(data: "a"), .init(data: "b"), .init(data: "c"), .init(data: "d")]),
    .init("LF then CR is two line ends", "data: a\n\r", [.init(data: "a")]),
    .init("CRLF lines join with LF", "data: a\r\ndata: b\r\n\r\n", [.init(data: "a\nb")]),
    .init(
      "the final block without a blank line is dropped", "data: a\n\ndata: b\n", [.init(data: "a")]),
    .init("an unterminated final line is dropped", "data: a\n\ndata: b", [.init(data: "a")]),
    .init("a final CR still ends the line", "data: a\n\r", [.init(data: "a")]),
  ]

  @Test(arguments: fieldCases)
  func fieldRules(_ example: ServerSentEventCase) {
    expectEvents(example.input, example.expected)
  }

  @Test func idSetsTheLastEventIDOfThisAndLaterEvents() {
    expectEvents(
      "id: 1\ndata: a\n\ndata: b\n\ndata: c\nid: 2\n\n",
      [
        .init(data: "a", lastEventID: "1"), .init(data: "b", lastEventID: "1"),
        .init(data: "c", lastEventID: "2"),
      ],
      lastEventID: "2")
  }

  @Test func emptyIDClearsTheLastEventID() {
    expectEvents(
      "id: 1\ndata: a\n\nid\ndata: b\n\nid: 3\n\nid:\ndata: c\n\n",
      [.init(data: "a", lastEventID: "1"), .init(data: "b"), .init(data: "c")],
      lastEventID: "")
  }

  @Test(arguments: ["\u{0}", "x\u{0}", "\u{0}x", "x\u{0}x", " \u{0}"])
  func idContainingNullIsIgnored(_ value: String) {
    expectEvents(
      "id: 1\ndata: a\n\nid: \(value)\ndata: b\n\n",
      [.init(data: "a", lastEventID: "1"), .init(data: "b", lastEventID: "1")],
      lastEventID: "1")
  }

  @Test func idKeepsSpacesAfterTheFirst() {
    expectEvents("id:  5 \ndata: a\n\n", [.init(data: "a", lastEventID: " 5 ")])
  }

  @Test func idOnlyBlockUpdatesLastEventIDWithoutAnEvent() {
    expectEvents("id: 7\n\n", [], lastEventID: "7")
    expectEvents("id: 7\n\n: ping\n\ndata: a\n\n", [.init(data: "a", lastEventID: "7")])
  }

  @Test func idInAnOpenBlockIsNotYetTheLastEventID() {
    var parser = ServerSentEventParser()
    _ = parser.push(Array("id: 1\ndata: a\n\nid: 2\ndata: b\n".utf8))
    #expect(parser.lastEventID == "1")
    #expect(parser.push(Array("\n".utf8)) == [.init(data: "b", lastEventID: "2")])
    #expect(parser.lastEventID == "2")
  }

  @Test func retryWithDigitsSetsTheReconnectionTime() {
    expectEvents(
      "retry: 3000\ndata: a\n\ndata: b\n\n",
      [.init(data: "a", retry: 3000), .init(data: "b")],
      reconnectionTime: 3000)
    expectEvents("retry: 007\ndata: a\n\n", [.init(data: "a", retry: 7)], reconnectionTime: 7)
    expectEvents("retry:0\ndata: a\n\n", [.init(data: "a", retry: 0)], reconnectionTime: 0)
  }

  @Test(arguments: [
    "", " 100", "100 ", "30s", "-1", "+1", "1.5", "1e3", "0x10", "３", "99999999999999999999999",
  ])
  func retryWithoutOnlyASCIIDigitsIsIgnored(_ value: String) {
    expectEvents(
      "retry: 250\n\nretry: \(value)\ndata: a\n\n",
      [.init(data: "a")],
      reconnectionTime: 250)
  }

  @Test func retryWithoutDataStillSetsTheReconnectionTime() {
    expectEvents("retry: 500\n\ndata: a\n\n", [.init(data: "a")], reconnectionTime: 500)
    expectEvents("data: a\n\nretry: 500\n", [.init(data: "a")], reconnectionTime: 500)
  }

  @Test func lastValidRetryInTheBlockWins() {
    expectEvents(
      "retry: 1\nretry: x\ndata: a\nretry: 2\n\n", [.init(data: "a", retry: 2)],
      reconnectionTime: 2)
  }

  @Test func noFieldsMeansDefaults() {
    expectEvents("", [], lastEventID: "", reconnectionTime: .some(nil))
  }
}
