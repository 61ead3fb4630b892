import Foundation
import Glibc
import TestSupport

/// A blocking loopback client for the server tests: raw bytes out, parsed responses in.
/// Every read has a generous timeout so a broken server fails the test instead of hanging.
final class SocketClient {
  struct Response {
    var status: Int
    var fields: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func field(_ name: String) -> String? {
      fields.first { $0.0.lowercased() == name.lowercased() }?.1
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let descriptor: Int32
  private var buffer: [UInt8] = []

  init(port: Int, receiveBuffer: Int32? = nil, timeoutSeconds: Int = 15) throws {
    descriptor = try loopbackSocketConnect(
      port: port, timeoutSeconds: timeoutSeconds, receiveBuffer: receiveBuffer)
  }

  deinit { close(descriptor) }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw Failure(description: "send: errno \(errno)") }
      offset += sent
    }
  }

  /// Reads more bytes; false at end of stream (or reset).
  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = recv(descriptor, &chunk, chunk.count, 0)
    if count > 0 {
      buffer += chunk[..<count]
      return true
    }
    if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
      throw Failure(description: "timed out waiting for the server")
    }
    return false
  }

  /// Reads one line (without its CRLF).
  private func line() throws -> String {
    while true {
      if let end = buffer.firstIndex(of: 0x0A) {
        let content = buffer[..<end].last == 0x0D ? buffer[..<(end - 1)] : buffer[..<end]
        defer { buffer.removeFirst(end + 1) }
        return String(decoding: content, as: UTF8.self)
      }
      guard try fill() else { throw Failure(description: "closed mid-line") }
    }
  }

  private func bytes(_ count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard try fill() else { throw Failure(description: "closed mid-body") }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  /// Reads exactly `count` raw bytes.
  func readBytes(_ count: Int) throws -> [UInt8] { try bytes(count) }

  /// Reads one response (an interim 1xx too); `head` says whether it answers HEAD.
  func readResponse(head: Bool = false) throws -> Response {
    let statusLine = try line()
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
      throw Failure(description: "bad status line \(statusLine)")
    }
    var fields: [(String, String)] = []
    while true {
      let fieldLine = try line()
      if fieldLine.isEmpty { break }
      let name = fieldLine.prefix { $0 != ":" }
      fields.append(
        (String(name), fieldLine.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)))
    }
    var response = Response(status: status, fields: fields, body: [])
    if head || (100..<200).contains(status) || status == 204 || status == 304 { return response }
    if let length = response.field("Content-Length").flatMap(Int.init) {
      response.body = try bytes(length)
    } else if response.field("Transfer-Encoding") == "chunked" {
      while true {
        guard let size = Int(try line(), radix: 16) else {
          throw Failure(description: "chunk size")
        }
        if size == 0 {
          _ = try line()
          break
        }
        response.body += try bytes(size)
        _ = try line()
      }
    } else {
      while try fill() {}
      response.body = buffer
      buffer = []
    }
    return response
  }

  /// Reads one chunk of a chunked body; `nil` at the last chunk.
  func readChunk() throws -> [UInt8]? {
    guard let size = Int(try line(), radix: 16) else { throw Failure(description: "chunk size") }
    if size == 0 {
      var trailer = try line()
      while !trailer.isEmpty { trailer = try line() }
      return nil
    }
    let data = try bytes(size)
    _ = try line()
    return data
  }

  /// Whether bytes arrive (or the server closes) within `milliseconds`; reads nothing.
  func hasBytesWaiting(milliseconds: Int32) -> Bool {
    if !buffer.isEmpty { return true }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Whether the server has closed: reads to the end and reports true on EOF or reset.
  func isClosedByServer() throws -> Bool {
    while try fill() {}
    return true
  }

  /// Reads until the server closes and returns everything that arrived.
  func readToEnd() throws -> [UInt8] {
    while try fill() {}
    defer { buffer = [] }
    return buffer
  }
}
