import Foundation
import Glibc
import HTTPServer
import Testing

/// Binding: IPv6 loopback, the peer address handlers see, and per-route body limits.
@Suite struct HTTPServerBindingTests {
  /// One request over IPv6 loopback with `Connection: close`; the whole answer.
  static func exchangeOverIPv6(port: Int, _ request: String) throws -> String {
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 15, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = in_port_t(UInt16(port)).bigEndian
    _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
      }
    }
    guard connected == 0 else { throw SocketClient.Failure(description: "connect: \(errno)") }
    let bytes = Array(request.utf8)
    guard send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
      throw SocketClient.Failure(description: "send: \(errno)")
    }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      answer += chunk[..<count]
    }
    return String(decoding: answer, as: UTF8.self)
  }

  static func peerRouter() -> HTTPRouter {
    var router = HTTPRouter()
    router.add(.get, "/peer") { request, _ in
      .text(
        "\(request.remoteAddress?.host ?? "none") \(request.remoteAddress?.isLoopback ?? false)")
    }
    router.add(.post, "/small", bodyLimit: 4) { request, _ in .text("\(request.body.count)") }
    router.add(.post, "/large") { request, _ in .text("\(request.body.count)") }
    return router
  }

  @Test(arguments: ["::1", "[::1]"])
  func listensOnIPv6Loopback(_ host: String) async throws {
    let metrics = HTTPServerMetrics()
    try await ObservationFixtures.withServer(
      router: Self.peerRouter(), metrics: metrics, host: host
    ) { _, port in
      let answer = try Self.exchangeOverIPv6(
        port: port, "GET /peer HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(answer.hasSuffix("\r\n\r\n::1 true"))
    }
  }

  @Test func tellsHandlersTheIPv4Peer() async throws {
    try await ObservationFixtures.withServer(
      router: Self.peerRouter(), metrics: HTTPServerMetrics()
    ) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /peer HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse().text == "127.0.0.1 true")
    }
  }

  @Test func refusesABodyOverItsRoutesLimitBeforeReadingIt() async throws {
    var configuration = HTTPServerConfiguration(eventLoopCount: 1)
    configuration.parserLimits.maxBodyBytes = 8
    try await ObservationFixtures.withServer(
      router: Self.peerRouter(), metrics: HTTPServerMetrics(), configuration: configuration
    ) { _, port in
      let fits = try SocketClient(port: port)
      try fits.send("POST /small HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcd")
      #expect(try fits.readResponse().text == "4")
      // The route's 4 bytes win over the default 8, judged from Content-Length alone.
      let over = try SocketClient(port: port)
      try over.send("POST /small HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n")
      #expect(try over.readResponse().status == 413)
      let chunked = try SocketClient(port: port)
      try chunked.send(
        "POST /small HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\n")
      #expect(try chunked.readResponse().status == 413)
      // Elsewhere the server's default applies.
      let other = try SocketClient(port: port)
      try other.send("POST /large HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n12345678")
      #expect(try other.readResponse().text == "8")
      let otherOver = try SocketClient(port: port)
      try otherOver.send("POST /large HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\n")
      #expect(try otherOver.readResponse().status == 413)
    }
  }
}
