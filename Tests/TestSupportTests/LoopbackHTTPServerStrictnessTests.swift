import Foundation
import Networking
import TestSupport
import Testing

/// The loopback server fails the test that uses it when the script and the traffic differ:
/// a request nobody scripted, a queued response nobody asked for, a route nobody reached.
@Suite struct LoopbackHTTPServerStrictnessTests {
  @Test func byDefaultAnUnexpectedRequestFailsTheRunningTest() throws {
    try withKnownIssue {
      let server = try LoopbackHTTPServer()
      defer { server.stop() }
      let connection = try RawConnection(port: server.port)
      try connection.send("GET /nobody HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 404"))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no response scripted for #0 GET /nobody") }
    }
  }

  @Test func byDefaultAScriptLeftUnusedFailsTheRunningTest() async throws {
    try await withKnownIssue {
      try await LoopbackHTTPServer.withServer { server in
        server.enqueue(.text("never asked for"), method: .post, path: "/v1/unused")
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "LoopbackHTTPServer: a response queued for POST /v1/unused was never used"
      }
    }
  }

  @Test func stopReportsQueuedResponsesAndRoutesThatNoRequestUsed() throws {
    let reports = Reports()
    let server = try LoopbackHTTPServer(reportIssue: reports.reporter)
    server.route(.get, "/used", .text("yes"))
    server.route(nil, "/idle", .text("no"))
    server.enqueue(.text("first"), .text("second"))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /used HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try connection.read(through: "\r\n\r\n")
    _ = try connection.read(count: 3)
    // The general queue answers any request: this one takes "first", "second" stays.
    try connection.send("GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try connection.read(through: "\r\n\r\n")
    #expect(reports.all.isEmpty, "nothing is reported before the end: \(reports.all)")
    server.stop()
    #expect(
      reports.all == [
        "LoopbackHTTPServer: a response queued for any method any path was never used",
        "LoopbackHTTPServer: the route any method /idle was never used",
      ])
  }

  @Test func aRouteReplacedByAUsedOneForTheSameRequestIsNotReported() async throws {
    let reports = Reports()
    try await LoopbackHTTPServer.withServer(reportIssue: reports.reporter) { server in
      server.route(.get, "/x", .text("old"))
      server.route(.get, "/x", .text("new"))
      let client = URLSessionHTTPClient(baseURL: server.baseURL, clock: .live)
      let response = try await client.send(HTTPRequest(path: "/x"))
      #expect(response.data == Data("new".utf8))
    }
    #expect(reports.all.isEmpty, "\(reports.all)")
  }

  @Test func anEndpointAFakeServesIsNotReportedWhenNoRequestReachesIt() throws {
    let reports = Reports()
    let server = try LoopbackHTTPServer(reportIssue: reports.reporter)
    server.serve(.post, "/auth/v1/logout") { _ in .status(204) }
    server.stop()
    #expect(reports.all.isEmpty, "\(reports.all)")
  }
}
