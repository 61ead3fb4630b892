import Foundation
import Glibc
import TestSupport
import Testing

/// `MAX_BODY_MEMORY` through the real binary: with one large sync push announced and held,
/// another that would not fit beside it is answered 503 before its body is sent.
@Suite struct KilnServerBodyMemoryTests {
  /// A connection that sends a head announcing a body and waits for `100 Continue`.
  final class HeldRequest: Sendable {
    let descriptor: Int32

    init(port: Int, head: String) throws {
      descriptor = try loopbackSocketConnect(port: port, timeoutSeconds: 15)
      let bytes = Array(head.utf8)
      try #require(Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
    }

    deinit { close(descriptor) }

    /// Sends `count` bytes of body, blocking until they are all sent.
    func send(count: Int) throws {
      let block = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
      var left = count
      while left > 0 {
        let sent = block.withUnsafeBytes {
          Glibc.send(descriptor, $0.baseAddress, min(left, $0.count), Int32(MSG_NOSIGNAL))
        }
        guard sent > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        left -= sent
      }
    }

    /// What the server sent first (up to 4 KiB).
    func firstAnswer() -> String {
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }
  }

  static func pushHead(length: Int) -> String {
    "POST /rest/v1/rpc/sync_push HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(length)\r\nExpect: 100-continue\r\n\r\n"
  }

  /// With one large sync push part-sent and held, another whose bytes would take the
  /// server past `MAX_BODY_MEMORY` is answered 503 part-way, before the rest is read.
  @Test func aBodyThatWouldGoPastTheMemoryLimitIs503PartWay() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory + "/data"],
      environment: ["MAX_BODY_MEMORY": "64MiB"])
    let port = server.port
    let held = try await Self.offThread {
      let held = try HeldRequest(port: port, head: Self.pushHead(length: 40_000_000))
      #expect(held.firstAnswer().hasPrefix("HTTP/1.1 100 Continue\r\n"))
      try held.send(count: 39_000_000)
      return held
    }
    let refused = try await Self.offThread {
      let second = try HeldRequest(port: port, head: Self.pushHead(length: 30_000_000))
      #expect(second.firstAnswer().hasPrefix("HTTP/1.1 100 Continue\r\n"))
      try second.send(count: 29_500_000)
      return second.firstAnswer()
    }
    #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    #expect(refused.contains("\r\nRetry-After: 1\r\n"))
    withExtendedLifetime(held) {}
    let (status, _) = await server.stop()
    #expect(status == 0)
  }

  /// The largest resident size the process has had, in bytes (`VmHWM`).
  static func peakResidentBytes(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    return kilobytes * 1024
  }

  /// A signed-in user's 32 MiB push of tiny changes: refused 413 once the parse has read
  /// `StrictJSONParser.defaultMaximumValues` values, with the memory that cost measured
  /// (before the bound the same body took 860 MB more, and 3.7 s).
  @Test func aPushOfMillionsOfTinyValuesIsRefusedWithoutMemoryToMatch() async throws {
    let server = try await KilnServerSyncTests.serve(.sqlite)
    defer { server.run.process.terminate() }
    let alice = try await KilnServerSyncTests.signUp(server, "alice")
    let count = (32 * 1024 * 1024 - 100) / 8
    let body =
      "{\"changes\":[" + Array(repeating: "{\"a\":1}", count: count).joined(separator: ",") + "]}"
    let pid = server.run.process.processIdentifier
    let before = try Self.peakResidentBytes(of: pid)
    let refused = try await server.send(
      "POST", "/rest/v1/rpc/sync_push", json: body, bearer: alice.token)
    #expect(refused.status == 413, "\(refused.body.prefix(200))")
    #expect(refused.json["code"] == .string("54000"))
    let grown = try Self.peakResidentBytes(of: pid) - before
    #expect(grown < 200 * 1024 * 1024, "peak resident size grew by \(grown / 1_048_576) MiB")
  }

  static func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }
}
