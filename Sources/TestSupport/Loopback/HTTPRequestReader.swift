import Foundation
import Networking

/// Incrementally parses HTTP/1.1 requests from the bytes of one connection: the head, then a
/// body framed by `Content-Length` or `Transfer-Encoding: chunked`. Linear in the input.
struct HTTPRequestReader {
  struct Head {
    var method: String
    var path: String
    var query: String?
    var version: String
    var headers: HTTPHeaders
    var framing: Framing
    var expectsContinue: Bool
  }

  enum Framing {
    case none
    case length(Int)
    case chunked
  }

  enum Progress {
    case needMore
    /// The client sent `Expect: 100-continue` and waits for the go-ahead.
    case continueExpected
    case complete(Head, Data)
  }

  struct ProtocolError: Error, CustomStringConvertible {
    var description: String
  }

  private enum ChunkPhase {
    case size
    case data(Int)
    case trailers
  }

  static let maximumHeadSize = 1 << 20

  /// Bytes received and not yet consumed.
  var buffer: [UInt8] = []
  private var head: Head?
  private var body: [UInt8] = []
  private var chunkPhase = ChunkPhase.size
  private var continueSent = false
  private var scannedHeadBytes = 0

  /// Whether no partial request is buffered (the connection may close cleanly).
  var isIdle: Bool { head == nil && buffer.isEmpty }

  mutating func next() throws -> Progress {
    if head == nil {
      guard let end = headEnd() else {
        if buffer.count > Self.maximumHeadSize {
          throw ProtocolError(description: "head too large")
        }
        return .needMore
      }
      head = try Self.parseHead(buffer[0..<end])
      buffer.removeFirst(end + 4)
      scannedHeadBytes = 0
      body = []
      chunkPhase = .size
      continueSent = false
    }
    guard let current = head else { return .needMore }
    let done: Bool
    switch current.framing {
    case .none:
      done = true
    case .length(let length):
      done = buffer.count >= length
      if done {
        body = Array(buffer[0..<length])
        buffer.removeFirst(length)
      }
    case .chunked:
      done = try decodeChunks()
    }
    if done {
      head = nil
      return .complete(current, Data(body))
    }
    if current.expectsContinue && !continueSent {
      continueSent = true
      return .continueExpected
    }
    return .needMore
  }

  private mutating func headEnd() -> Int? {
    let terminator: [UInt8] = [13, 10, 13, 10]
    guard buffer.count >= 4 else { return nil }
    var index = max(0, scannedHeadBytes - 3)
    while index + 4 <= buffer.count {
      if buffer[index] == 13 && buffer[index..<index + 4].elementsEqual(terminator) { return index }
      index += 1
    }
    scannedHeadBytes = buffer.count
    return nil
  }

  private mutating func decodeChunks() throws -> Bool {
    while true {
      switch chunkPhase {
      case .size:
        guard let lineEnd = lineEnd() else { return false }
        let line = String(decoding: buffer[0..<lineEnd], as: UTF8.self)
        let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
        else { throw ProtocolError(description: "bad chunk size '\(line)'") }
        buffer.removeFirst(lineEnd + 2)
        chunkPhase = size == 0 ? .trailers : .data(size)
      case .data(let size):
        guard buffer.count >= size + 2 else { return false }
        body.append(contentsOf: buffer[0..<size])
        guard buffer[size] == 13, buffer[size + 1] == 10 else {
          throw ProtocolError(description: "chunk not followed by CRLF")
        }
        buffer.removeFirst(size + 2)
        chunkPhase = .size
      case .trailers:
        guard let lineEnd = lineEnd() else { return false }
        buffer.removeFirst(lineEnd + 2)
        if lineEnd == 0 { return true }
      }
    }
  }

  private func lineEnd() -> Int? {
    guard buffer.count >= 2 else { return nil }
    for index in 0..<(buffer.count - 1) where buffer[index] == 13 && buffer[index + 1] == 10 {
      return index
    }
    return nil
  }

  private static func parseHead(_ bytes: ArraySlice<UInt8>) throws -> Head {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3 else {
      throw ProtocolError(description: "bad request line '\(requestLine.joined(separator: " "))'")
    }
    var headers = HTTPHeaders()
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else {
        throw ProtocolError(description: "bad header line '\(line)'")
      }
      let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      headers.add(name: name, value: value)
    }
    let (path, query) = splitTarget(String(requestLine[1]))
    return Head(
      method: String(requestLine[0]), path: path, query: query, version: String(requestLine[2]),
      headers: headers, framing: try framing(of: headers),
      expectsContinue: headers["Expect"]?.lowercased() == "100-continue")
  }

  private static func framing(of headers: HTTPHeaders) throws -> Framing {
    if let encoding = headers["Transfer-Encoding"], encoding.lowercased().contains("chunked") {
      return .chunked
    }
    guard let lengthText = headers["Content-Length"] else { return .none }
    guard let length = Int(lengthText), length >= 0 else {
      throw ProtocolError(description: "bad Content-Length '\(lengthText)'")
    }
    return length == 0 ? .none : .length(length)
  }

  /// Splits `/path?query`, also accepting the absolute form `http://host/path?query`.
  private static func splitTarget(_ target: String) -> (String, String?) {
    var rest = Substring(target)
    if let scheme = rest.range(of: "://") {
      let afterScheme = rest[scheme.upperBound...]
      rest = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
    return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
  }
}
