import HTTPServer
import TestSupport
import Testing

/// Seeded random mutations of valid requests: the parser never crashes, never stops making
/// progress, agrees with itself however the bytes are split, and never accepts a request
/// with two framings.
@Suite struct HTTPRequestParserMutationTests {
  static let corpus: [String] = [
    "GET /a?b=c HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n",
    "POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nbody",
    "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: v\r\n\r\n",
    "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /2 HTTP/1.1\r\nHost: b\r\n\r\n",
    "PUT http://h/x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nz",
  ]

  static let interestingBytes: [UInt8] = Array(" \t\r\n:;,0aF\"\\".utf8) + [0x00, 0x7F, 0x80, 0xFF]

  static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      let position = Int.random(in: 0...bytes.count, using: &generator)
      let byte = interestingBytes.randomElement(using: &generator) ?? 0
      switch Int.random(in: 0..<5, using: &generator) {
      case 0 where position < bytes.count: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      case 2 where position < bytes.count: bytes.remove(at: position)
      case 3:
        let framing = ["Content-Length: 2\r\n", "Transfer-Encoding: chunked\r\n", "Host: z\r\n"]
        let line = framing.randomElement(using: &generator) ?? ""
        let lineEnd = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? 0
        bytes.insert(contentsOf: Array(line.utf8), at: lineEnd)
      default:
        let start = Int.random(in: 0...bytes.count, using: &generator)
        let end = min(bytes.count, start + Int.random(in: 0...8, using: &generator))
        bytes.insert(contentsOf: bytes[start..<end], at: position)
      }
    }
    return bytes
  }

  @Test func mutatedRequestsNeverCrashAndNeverAcceptTwoFramings() {
    var generator = SeededGenerator(state: 0x4B49_4C4E)
    var accepted = 0
    var refused = 0
    for iteration in 0..<1500 {
      let base = Array(Self.corpus[iteration % Self.corpus.count].utf8)
      let input = Self.mutate(base, using: &generator)
      let whole = ParserHarness.parse(input)
      let byByte = ParserHarness.parse(pieces: input.indices.map { input[$0...$0] })
      let cut = Int.random(in: 0...input.count, using: &generator)
      let split = ParserHarness.parse(pieces: [input[..<cut], input[cut...]])
      guard whole == byByte, whole == split else {
        Issue.record("iteration \(iteration): results differ by split")
        return
      }
      for request in whole.requests {
        let lengths = request.fields.fields(named: "Content-Length").count
        let encodings = request.fields.fields(named: "Transfer-Encoding").count
        #expect(lengths == 0 || encodings == 0, "iteration \(iteration): two framings")
        #expect(lengths <= 1, "iteration \(iteration): two Content-Length fields")
        switch request.head.framing {
        case .none: #expect(request.body.isEmpty && lengths == 0 && encodings == 0)
        case .contentLength(let length): #expect(request.body.count == length)
        case .chunked: #expect(encodings >= 1 && request.head.version.isAtLeastHTTP11)
        }
        if request.head.version.isAtLeastHTTP11 {
          #expect(request.fields.fields(named: "Host").count == 1)
        }
      }
      if whole.error == nil { accepted += 1 } else { refused += 1 }
    }
    // The mutations reach both sides, so the invariants above were exercised.
    #expect(accepted > 100)
    #expect(refused > 100)
  }
}
