import HTTPServer
import Testing

/// What a parser made of some input: its events in order, then the error it stopped on.
struct ParseOutcome: Equatable, CustomStringConvertible {
  var events: [HTTPParserEvent] = []
  var error: HTTPRequestParseError?

  var requests: [HTTPServerRequest] {
    events.compactMap { if case .request(let request) = $0 { request } else { nil } }
  }

  var heads: [HTTPRequestHead] {
    events.compactMap { if case .head(let head) = $0 { head } else { nil } }
  }

  var description: String {
    "\(requests.count) request(s), \(heads.count) head(s), error \(error.map { "\($0)" } ?? "none")"
  }
}

enum ParserHarness {
  /// Feeds the pieces in order, draining events after each, as a connection would.
  static func parse(
    pieces: [ArraySlice<UInt8>], limits: HTTPParserLimits = HTTPParserLimits()
  ) -> ParseOutcome {
    var parser = HTTPRequestParser(limits: limits)
    var outcome = ParseOutcome()
    for piece in pieces {
      parser.feed(piece)
      do {
        while let event = try parser.nextEvent() { outcome.events.append(event) }
      } catch {
        outcome.error = error
        return outcome
      }
    }
    return outcome
  }

  static func parse(
    _ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()
  )
    -> ParseOutcome
  {
    parse(pieces: [bytes[...]], limits: limits)
  }

  /// Parses the input whole, one byte at a time, and split in two at every offset (every
  /// `stride`-th offset for long inputs); records an issue unless all agree. Returns the
  /// whole-input outcome.
  @discardableResult
  static func parseEveryWay(
    _ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits(), stride: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ParseOutcome {
    let whole = parse(bytes, limits: limits)
    let byByte = parse(pieces: bytes.indices.map { bytes[$0...$0] }, limits: limits)
    #expect(byByte == whole, "one byte at a time", sourceLocation: sourceLocation)
    for offset in Swift.stride(from: 0, through: bytes.count, by: stride) {
      let split = parse(pieces: [bytes[..<offset], bytes[offset...]], limits: limits)
      if split != whole {
        Issue.record("split at \(offset): \(split) vs \(whole)", sourceLocation: sourceLocation)
        break
      }
    }
    return whole
  }

  @discardableResult
  static func parseEveryWay(
    _ text: String, limits: HTTPParserLimits = HTTPParserLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ParseOutcome {
    parseEveryWay(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
  }

  /// The outcome's single request, failing the test when there is not exactly one.
  static func onlyRequest(
    _ outcome: ParseOutcome, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> HTTPServerRequest {
    #expect(outcome.error == nil, sourceLocation: sourceLocation)
    #expect(outcome.requests.count == 1, sourceLocation: sourceLocation)
    return try #require(outcome.requests.first, sourceLocation: sourceLocation)
  }
}
