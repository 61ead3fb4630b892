import Core
import Foundation
import Glibc
import Synchronization
import Testing

@testable import HTTPServer

/// The loop's connection table on its own, over real sockets: a socket pair stands for an
/// accepted connection, its other end for the client, and a real loopback listener for
/// accepting. No event loop runs; the tests call the table as a loop would.
@Suite struct ConnectionTableTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A table over a fresh listener, with a fixed clock and the given connection limit.
  static func makeTable(
    maxConnections: Int = 10, listener: Int32 = -1
  ) throws -> (ConnectionTable, ServerShared) {
    let shared = ServerShared(metrics: HTTPServerMetrics())
    let configuration = HTTPServerConfiguration(
      eventLoopCount: 1, maxConnections: maxConnections, clock: .fixed(start))
    let table = try ConnectionTable(
      listener: listener, mailboxes: [try LoopMailbox()], index: 0,
      configuration: configuration, shared: shared)
    return (table, shared)
  }

  /// A connected pair: the server's end (counted as accepted) and the client's end, whose
  /// reads time out instead of hanging a broken test.
  static func socketPair(_ shared: ServerShared) throws -> (server: Int32, client: Int32) {
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
      throw Socket.Failure(call: "socketpair", code: errno)
    }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(ends[1], SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    shared.openConnections.add(1, ordering: .relaxed)
    shared.metrics.openConnections.add(1, ordering: .relaxed)
    return (ends[0], ends[1])
  }

  /// Everything the client end receives until the server end closes (or the read times out).
  static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return received }
      received.append(contentsOf: buffer[0..<count])
    }
  }

  @Test func adoptedConnectionIsFoundByItsIDAndDescriptorUntilItCloses() throws {
    let (table, shared) = try Self.makeTable()
    let (server, client) = try Self.socketPair(shared)
    defer { close(client) }
    let connection = table.adopt(server, peer: nil)
    #expect(table.connection(connection.id) === connection)
    #expect(table.connection(on: server) === connection)
    #expect(table.isOpen(connection))
    #expect(connection.registered)
    #expect(connection.deadline == Self.start.timeIntervalSince1970 + 10)

    table.closeConnection(connection)
    #expect(table.connection(connection.id) == nil)
    #expect(!table.isOpen(connection))
    #expect(table.isEmpty)
    #expect(shared.openConnections.load(ordering: .relaxed) == 0)
    #expect(shared.metrics.openConnections.load(ordering: .relaxed) == 0)
    #expect(Self.readToEnd(client).isEmpty)
    // Closing twice counts once.
    table.closeConnection(connection)
    #expect(shared.openConnections.load(ordering: .relaxed) == 0)
  }

  @Test func flushSendsQueuedOutputAndCountsItsBytes() throws {
    let (table, shared) = try Self.makeTable()
    let (server, client) = try Self.socketPair(shared)
    defer { close(client) }
    let connection = table.adopt(server, peer: nil)
    let bytes = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
    connection.append(bytes)
    table.flush(connection)
    #expect(connection.pendingBytes == 0)
    #expect(table.bytesWritten == bytes.count)
    table.closeConnection(connection)
    #expect(Self.readToEnd(client) == bytes)
  }

  @Test func connectionBeyondTheLimitIsAnswered503AndClosed() throws {
    let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 8)
    defer { close(listener) }
    let (table, shared) = try Self.makeTable(maxConnections: 0, listener: listener)
    let client = try SocketClient(port: port)
    table.acceptAll()
    #expect(try client.readResponse().status == 503)
    #expect(try client.isClosedByServer())
    #expect(table.isEmpty)
    #expect(shared.openConnections.load(ordering: .relaxed) == 0)
  }

  @Test func acceptedConnectionWithinTheLimitIsKept() throws {
    let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 8)
    defer { close(listener) }
    let (table, shared) = try Self.makeTable(listener: listener)
    let client = try SocketClient(port: port)
    table.acceptAll()
    #expect(!table.isEmpty)
    #expect(shared.openConnections.load(ordering: .relaxed) == 1)
    let connection = try #require(table.connection(1))
    table.closeConnection(connection)
    #expect(try client.isClosedByServer())
  }

  @Test func silentConnectionPastItsHeadTimeoutClosesWithoutAnAnswer() throws {
    let (table, shared) = try Self.makeTable()
    let (server, client) = try Self.socketPair(shared)
    defer { close(client) }
    let connection = table.adopt(server, peer: nil)
    table.expireDeadlines(at: Self.start.timeIntervalSince1970 + 9)
    #expect(table.isOpen(connection))
    table.expireDeadlines(at: Self.start.timeIntervalSince1970 + 10)
    #expect(!table.isOpen(connection))
    #expect(Self.readToEnd(client).isEmpty)
  }

  @Test func connectionThatSentBytesPastItsHeadTimeoutIsAnswered408ThenLingers() throws {
    let (table, shared) = try Self.makeTable()
    let (server, client) = try Self.socketPair(shared)
    defer { close(client) }
    let connection = table.adopt(server, peer: nil)
    connection.everReceived = true
    table.expireDeadlines(at: Self.start.timeIntervalSince1970 + 10)
    #expect(table.isOpen(connection))
    #expect(connection.lingering)
    let answer = String(decoding: Self.readToEnd(client), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 408 "))
    table.expireDeadlines(at: Self.start.timeIntervalSince1970 + 12)
    #expect(!table.isOpen(connection))
  }
}
