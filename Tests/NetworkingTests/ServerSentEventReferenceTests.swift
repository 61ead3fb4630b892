import Networking
import Testing

/// A deliberately simple event-stream parser that reads the WHATWG steps literally: decode
/// the whole body at once, split it into lines, and apply the field rules with `String`
/// operations. Slow and whole-stream only, so it shares no code or idea with the real one
/// beyond the spec.
enum ServerSentEventReference {
  static func parse(_ bytes: [UInt8]) -> ServerSentEventParse {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let text = String(decoding: body, as: UTF8.self)

    var result = ServerSentEventParse(events: [], lastEventID: "", reconnectionTime: nil)
    var data = ""
    var eventType = ""
    var lastEventIDBuffer = ""
    var retry: Int?
    for line in lines(of: text) {
      if line.isEmpty {
        result.lastEventID = lastEventIDBuffer
        if !data.isEmpty {
          data.unicodeScalars.removeLast()
          result.events.append(
            ServerSentEvent(
              type: eventType.isEmpty ? "message" : eventType, data: data,
              lastEventID: lastEventIDBuffer, retry: retry))
        }
        data = ""
        eventType = ""
        retry = nil
        continue
      }
      let scalars = line.unicodeScalars
      if scalars.first == ":" { continue }
      var name = line
      var value = ""
      if let colon = scalars.firstIndex(of: ":") {
        name = String(scalars[..<colon])
        value = String(scalars[scalars.index(after: colon)...])
        if value.unicodeScalars.first == " " { value.unicodeScalars.removeFirst() }
      }
      switch Array(name.unicodeScalars) {
      case Array("event".unicodeScalars): eventType = value
      case Array("data".unicodeScalars): data += value + "\n"
      case Array("id".unicodeScalars):
        if !value.unicodeScalars.contains("\u{0}") { lastEventIDBuffer = value }
      case Array("retry".unicodeScalars):
        let digits = !value.isEmpty && value.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        if digits, let milliseconds = Int(value) {
          retry = milliseconds
          result.reconnectionTime = milliseconds
        }
      default: break
      }
    }
    return result
  }

  /// The complete lines of `text`; the text after the last line end is dropped.
  private static func lines(of text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\r" || scalar == "\n" {
        lines.append(String(current))
        current = String.UnicodeScalarView()
        if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
      } else {
        current.append(scalar)
      }
      index += 1
    }
    return lines
  }
}

@Suite struct ServerSentEventReferenceTests {
  @Test func referenceAgreesWithHandWrittenExpectations() {
    // The reference is only useful if it is right: check it against known answers too.
    let stream = "id: 1\r\nretry: 20\rdata:a\ndata\n\r\n: c\n\nevent: e\ndata: \u{FF}"
    let reference = ServerSentEventReference.parse([0xEF, 0xBB, 0xBF] + Array(stream.utf8))
    #expect(reference.events == [ServerSentEvent(data: "a\n", lastEventID: "1", retry: 20)])
    #expect(reference.lastEventID == "1")
    #expect(reference.reconnectionTime == 20)
  }

  @Test func referenceIgnoresNullIDsAndNonDigitRetries() {
    let reference = ServerSentEventReference.parse(
      Array("id: 1\nretry: 5\n\nid: a\u{0}\nretry: +6\ndata: x\n\n".utf8))
    #expect(reference.events == [ServerSentEvent(data: "x", lastEventID: "1")])
    #expect(reference.reconnectionTime == 5)
  }
}
