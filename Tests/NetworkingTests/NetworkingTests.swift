import Foundation
import Networking
import TestSupport
import Testing

@Suite struct SmokeTests {
  @Test func sendAndStream() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/hello", .json(#"{"a":1}"#))
    let gate = LoopbackGate()
    server.route(.get, "/stream", .eventStream([.text("one"), .gate(gate), .text("two")]))
    let client = makeClient(server)
    let response = try await client.send(HTTPRequest(path: "/hello"))
    #expect(response.statusCode == 200)
    #expect(response.text == #"{"a":1}"#)
    let stream = try await client.stream(HTTPRequest(path: "/stream"))
    var iterator = stream.body.makeAsyncIterator()
    let first = try await iterator.next()
    #expect(first?.text == "one")
    #expect(!gate.isOpen)
    gate.open()
    let second = try await iterator.next()
    #expect(second?.text == "two")
    let end = try await iterator.next()
    #expect(end == nil)
  }
}
