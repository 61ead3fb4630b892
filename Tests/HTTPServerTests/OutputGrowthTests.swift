import Testing

@testable import HTTPServer

/// A connection's output takes every queued stream write before it is flushed: growing it
/// must copy it a logarithmic number of times, not once per write.
@Suite struct OutputGrowthTests {
  @Test func manyChunksAndAnswersInARowGrowTheOutputTwofold() {
    var output: [UInt8] = []
    var capacities: Set<Int> = []
    for _ in 0..<10_000 {
      HTTPResponseWriter.appendChunk(Array(repeating: 0x61, count: 36), to: &output)
      capacities.insert(output.capacity)
    }
    #expect(output.count == 10_000 * (2 + 2 + 36 + 2))
    #expect(capacities.count < 40)
    var answers: [UInt8] = []
    capacities = []
    let response = HTTPServerResponse.text("ok\n")
    for _ in 0..<10_000 {
      HTTPResponseWriter.appendResponse(
        response, body: Array("ok\n".utf8), method: .get, version: .http11, keepAlive: true,
        date: "Mon, 07 Dec 2026 10:37:43 GMT", to: &answers)
      capacities.insert(answers.capacity)
    }
    #expect(capacities.count < 40)
  }
}
