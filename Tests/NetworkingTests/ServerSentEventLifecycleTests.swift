import Networking
import Testing

/// The end of a stream: what `finish()` discards, reports and keeps.
@Suite struct ServerSentEventLifecycleTests {
  @Test func finishDiscardsAnUnterminatedBlock() {
    var parser = ServerSentEventParser()
    #expect(parser.push(Array("data: a\n\ndata: b\nevent: x\n".utf8)) == [.init(data: "a")])
    #expect(parser.hasIncompleteEvent)
    #expect(parser.finish().isEmpty)
    #expect(!parser.hasIncompleteEvent)
  }

  @Test func finishDiscardsAnUnterminatedLine() {
    var parser = ServerSentEventParser()
    #expect(parser.push(Array("data: a\n\ndata: b".utf8)) == [.init(data: "a")])
    #expect(parser.hasIncompleteEvent)
    #expect(parser.finish().isEmpty)
  }

  @Test func completeStreamHasNothingIncomplete() {
    var parser = ServerSentEventParser()
    _ = parser.push(Array("data: a\n\n: keep-alive\n".utf8))
    #expect(!parser.hasIncompleteEvent)
    _ = parser.push(Array(": trailing comment without its LF".utf8))
    #expect(parser.hasIncompleteEvent)
  }

  @Test func heldBackByteOrderMarkCountsAsIncomplete() {
    var parser = ServerSentEventParser()
    _ = parser.push([0xEF, 0xBB])
    #expect(parser.hasIncompleteEvent)
    _ = parser.push([0xBF])
    #expect(!parser.hasIncompleteEvent)
  }

  @Test func finishStartsANewStreamKeepingIDAndReconnectionTime() {
    var parser = ServerSentEventParser()
    _ = parser.push(Array("id: 1\nretry: 900\ndata: a\n\nid: 2\nevent: e\ndata: partial".utf8))
    _ = parser.finish()
    #expect(parser.lastEventID == "1")
    #expect(parser.reconnectionTime == 900)
    // A new stream: its byte order mark is removed, and nothing of the discarded block
    // (the line, the event type, the id) carries over.
    let events = parser.push([0xEF, 0xBB, 0xBF] + Array("data: b\n\n".utf8))
    #expect(events == [.init(data: "b", lastEventID: "1")])
  }

  @Test func finishForgetsAPendingCarriageReturn() {
    var parser = ServerSentEventParser()
    _ = parser.push(Array("data: a\r".utf8))
    _ = parser.finish()
    // The LF starts the new stream, so it is a blank line, not the end of a CRLF; it
    // dispatches nothing because the discarded block's data is gone.
    #expect(parser.push(Array("\ndata: b\n\n".utf8)) == [.init(data: "b")])
  }

  @Test func longDataLineAfterShortOneIsAppended() {
    let long = String(repeating: "z", count: 100_000)
    var parser = ServerSentEventParser()
    var events = parser.push(Array("data: short\ndata: ".utf8))
    events += parser.push(Array(long.utf8))
    events += parser.push(Array("\n\n".utf8))
    #expect(events == [.init(data: "short\n" + long)])
  }

  @Test func longDataLineWithoutSpaceOrValue() {
    let long = String(repeating: "y", count: 100_000)
    var parser = ServerSentEventParser()
    var events = parser.push(Array("data:".utf8))
    events += parser.push(Array(long.utf8))
    events += parser.push(Array("\r\n\r\n".utf8))
    #expect(events == [.init(data: long)])
    let name = "data" + long
    events = parser.push(Array(name.utf8))
    events += parser.push(Array("\n\n".utf8))
    #expect(events.isEmpty)
  }
}
