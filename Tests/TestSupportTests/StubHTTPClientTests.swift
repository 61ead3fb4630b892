import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct StubHTTPClientTests {
  let reports = Reports()

  @Test func answersEachExpectationOnceInOrder() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.request(.get, "/a"), reply: .json(#"{"n":1}"#))
    stub.expect(.request(.get, "/a"), reply: .json(#"{"n":2}"#))
    #expect(try await stub.send(HTTPRequest(path: "/a")).text == #"{"n":1}"#)
    #expect(try await stub.send(HTTPRequest(path: "/a")).text == #"{"n":2}"#)
    #expect(stub.verifyAllConsumed())
    #expect(stub.requests.count == 2)
    #expect(reports.all.isEmpty)
  }

  @Test func aRequestNothingMatchesIsReportedAndFails() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.request(.post, "/token"), reply: .status(200))
    await #expect(throws: StubHTTPClient.UnexpectedRequest.self) {
      try await stub.send(HTTPRequest(path: "/token"))
    }
    #expect(reports.all == ["StubHTTPClient: unexpected request GET /token; pending: POST /token"])
    #expect(stub.requests.map(\.description) == ["GET /token"])
  }

  @Test func unusedExpectationsAreReportedAtTheEnd() {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.request(.delete, "/session"), reply: .status(204))
    #expect(!stub.verifyAllConsumed())
    #expect(reports.all == ["StubHTTPClient: expected request never arrived: DELETE /session"])
    #expect(stub.pendingExpectations == ["DELETE /session"])
  }

  @Test func withStubReportsWhatTheBodyLeftUnused() async throws {
    let answered = try await StubHTTPClient.withStub(reportIssue: reports.reporter) { stub in
      stub.expect(.request(.get, "/used"), reply: .status(200, body: "yes"))
      stub.expect(.request(.delete, "/session"), reply: .status(204))
      #expect(reports.all.isEmpty, "nothing is reported before the body ends")
      return try await stub.send(HTTPRequest(path: "/used")).text
    }
    #expect(answered == "yes")
    #expect(reports.all == ["StubHTTPClient: expected request never arrived: DELETE /session"])
  }

  @Test func withStubReportsUnusedExpectationsEvenWhenTheBodyThrows() async {
    await #expect(throws: StubHTTPClient.UnexpectedRequest.self) {
      try await StubHTTPClient.withStub(reportIssue: reports.reporter) { stub -> Void in
        stub.expect(.request(.post, "/token"), reply: .status(200))
        _ = try await stub.send(HTTPRequest(path: "/other"))
      }
    }
    #expect(
      reports.all == [
        "StubHTTPClient: unexpected request GET /other; pending: POST /token",
        "StubHTTPClient: expected request never arrived: POST /token",
      ])
  }

  @Test func byDefaultAnUnusedExpectationFailsTheRunningTest() async throws {
    try await withKnownIssue {
      try await StubHTTPClient.withStub { stub -> Void in
        stub.expect(.request(.get, "/never"), reply: .status(200))
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "StubHTTPClient: expected request never arrived: GET /never"
      }
    }
  }

  @Test func byDefaultAnUnexpectedRequestFailsTheRunningTest() async throws {
    try await withKnownIssue {
      try await StubHTTPClient.withStub { stub -> Void in
        await #expect(throws: StubHTTPClient.UnexpectedRequest.self) {
          try await stub.send(HTTPRequest(path: "/nobody"))
        }
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "StubHTTPClient: unexpected request GET /nobody; pending: none"
      }
    }
  }

  @Test func matchersCanInspectHeadersBodiesAndAbsoluteURLs() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    let url = try #require(URL(string: "https://auth.test/token?grant_type=refresh_token"))
    stub.expect(
      .request(.post, "/chat") { $0.headers["Authorization"] == "Bearer t" },
      reply: .status(200, body: "authorized"))
    stub.expect(.url(.post, url), reply: .status(200, body: "refreshed"))
    let refresh = try await stub.send(HTTPRequest(url: url, method: .post))
    let chat = try await stub.send(
      HTTPRequest(path: "/chat", method: .post).withHeader("Authorization", "Bearer t"))
    #expect(refresh.text == "refreshed")
    #expect(chat.text == "authorized")
    #expect(reports.all.isEmpty)
  }

  @Test func anErrorStatusIsThrownLikeTheRealClient() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(
      .any,
      reply: .json(
        #"{"error":{"message":"slow down"}}"#, status: 429, headers: ["Retry-After": "12"]))
    let error = try await #require(throws: HTTPError.self) {
      try await stub.send(HTTPRequest(path: "/x"))
    }
    #expect(error.retryAfter == 12)
    #expect(error.serverError?.message == "slow down")
    #expect(AppError.from(error) == .rateLimited(retryAfter: 12))
  }

  @Test func aFailureReplyIsThrown() async {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.any, reply: .failure(HTTPError.transport(code: -1009, message: "offline")))
    await #expect(throws: HTTPError.transport(code: -1009, message: "offline")) {
      try await stub.stream(HTTPRequest(path: "/x"))
    }
  }

  @Test func streamRepliesYieldTheirChunksThenTheirEnding() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.any, reply: .eventStream(["data: a\n\n", "data: b\n\n"]))
    stub.expect(
      .any,
      reply: .stream(
        statusCode: 200, headers: [:], chunks: [Data("part".utf8)],
        completion: HTTPError.transport(code: -1005, message: "lost")))
    let first = try await stub.stream(HTTPRequest(path: "/s"))
    #expect(first.headers["content-type"] == "text/event-stream")
    var chunks: [String] = []
    for try await chunk in first.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
    #expect(chunks == ["data: a\n\n", "data: b\n\n"])
    let second = try await stub.stream(HTTPRequest(path: "/s"))
    var received = Data()
    await #expect(throws: HTTPError.self) {
      for try await chunk in second.body { received.append(chunk) }
    }
    #expect(received == Data("part".utf8))
  }

  @Test func aLiveStreamDeliversWhatTheTestYields() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    stub.expect(.any, reply: .liveStream(statusCode: 200, headers: [:], body: body))
    let response = try await stub.stream(HTTPRequest(path: "/live"))
    var iterator = response.body.makeAsyncIterator()
    continuation.yield(Data("1".utf8))
    #expect(try await iterator.next() == Data("1".utf8))
    continuation.yield(Data("2".utf8))
    continuation.finish()
    #expect(try await iterator.next() == Data("2".utf8))
    #expect(try await iterator.next() == nil)
  }

  @Test func sendCollectsAStreamReply() async throws {
    let stub = StubHTTPClient(reportIssue: reports.reporter)
    stub.expect(.any, reply: .eventStream(["a", "b"]))
    #expect(try await stub.send(HTTPRequest(path: "/s")).text == "ab")
  }
}

@Suite struct RecordingClockTests {
  @Test func sleepsReturnAtOnceAndAreRecordedAndMoveNow() async throws {
    let clock = RecordingClock(start: Fixture.referenceDate)
    try await clock.appClock.sleep(.milliseconds(1500))
    try await clock.appClock.sleep(.seconds(2))
    #expect(clock.sleepSeconds == [1.5, 2])
    #expect(clock.now == Fixture.referenceDate.addingTimeInterval(3.5))
    clock.advance(by: 10)
    #expect(clock.appClock.now() == Fixture.referenceDate.addingTimeInterval(13.5))
  }

  @Test func aCancelledSleepThrowsAndIsNotRecorded() async {
    let clock = RecordingClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.appClock.sleep(.seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeps.isEmpty)
  }
}
