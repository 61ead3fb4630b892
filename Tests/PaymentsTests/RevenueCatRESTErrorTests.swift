import Core
import Foundation
import Networking
import Payments
import TestSupport
import Testing

/// How the REST client reports RevenueCat's failures, and keeps the last state through them.
@Suite struct RevenueCatRESTErrorTests {
  let day = CustomerInfoFixture.day

  @Test func aRejectedKeyIsInvalidAPIKeyAndNeverLogged() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    // RevenueCat's message may echo the key; the logs must not.
    harness.server.route(
      .get, RESTHarness.customerPath,
      .json(#"{"code": 7225, "message": "Invalid API Key: \#(RESTHarness.apiKey)"}"#, status: 401))
    let client = await harness.configured()
    await #expect(throws: PaymentsError.invalidAPIKey(code: 7225)) { try await client.restore() }
    #expect(await client.currentState() == .free)
    #expect(
      PaymentsError.invalidAPIKey(code: 7225).asAppError() == .notConfigured("RevenueCat API key"))
    #expect(harness.sink.text.contains("Restoring purchases failed"))
    #expect(!harness.logsContainTheKey)
  }

  @Test func aSecretKeyIsRefusedAsAnInvalidKey() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.customerPath,
      .json(
        #"{"code": "7243", "message": "Secret API keys should not be used in your app."}"#,
        status: 403))
    let client = await harness.configured()
    await #expect(throws: PaymentsError.invalidAPIKey(code: 7243)) { try await client.restore() }
  }

  @Test(arguments: [404, 500, 503])
  func errorStatusesCarryRevenueCatsCodeAndMessage(status: Int) async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.customerPath,
      .json(#"{"code": 7110, "message": "Something failed"}"#, status: status))
    let client = await harness.configured()
    let expected = PaymentsError.server(status: status, code: 7110, message: "Something failed")
    await #expect(throws: expected) { try await client.restore() }
    #expect(
      expected.asAppError()
        == (status == 404 ? .notFound : .network(code: status, message: "Something failed")))
  }

  @Test func aServerFailureFallsBackToTheCachedVerdict() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.enqueue(
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(day)),
      .json(#"{"code": 7110, "message": "Internal server error"}"#, status: 503),
      path: RESTHarness.customerPath)
    let client = await harness.configured()
    #expect(await client.currentState().isSubscribed)
    await harness.clock.advance(by: .seconds(301))
    #expect(await client.currentState().isSubscribed)
    #expect(harness.server.requests.count == 2)
  }

  @Test(arguments: [
    "{\"request_date\": \"2026-06-01T12:00:00Z\", \"subscriber\": {\"entitlements\": 5}}",
    "{\"subscriber\": {}}",
    "<html><body>Bad gateway</body></html>",
    "",
  ])
  func aMalformedBodyIsAnInvalidResponse(body: String) async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.customerPath, .text(body))
    let client = await harness.configured()
    do {
      try await client.restore()
      Issue.record("a malformed body must not restore")
    } catch let error as PaymentsError {
      guard case .invalidResponse(let detail) = error else {
        Issue.record("expected invalidResponse, got \(error)")
        return
      }
      #expect(detail.contains("customer info"))
      #expect(error.asAppError() == .decoding)
    }
    #expect(await client.currentState() == .free)
  }

  /// The connection closes without an answer. (A stopped server is not used: under
  /// parallel tests its port may already belong to another test's server.)
  @Test func aConnectionClosedWithoutAnAnswerIsANetworkError() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.customerPath, .dropConnection())
    let client = await harness.configured()
    do {
      try await client.restore()
      Issue.record("restore must fail without a server")
    } catch let error as PaymentsError {
      guard case .network(let underlying) = error else {
        Issue.record("expected a network error, got \(error)")
        return
      }
      #expect(underlying.isTransient)
    }
  }

  @Test func errorBodiesDecodeWithNumericOrTextCodes() {
    #expect(
      RevenueCatAPI.ErrorBody(data: Data(#"{"code": 7225, "message": "m"}"#.utf8))?.code == 7225)
    #expect(RevenueCatAPI.ErrorBody(data: Data(#"{"code": "7000"}"#.utf8))?.code == 7000)
    #expect(RevenueCatAPI.ErrorBody(data: Data(#"{"other": 1}"#.utf8)) == nil)
    #expect(RevenueCatAPI.ErrorBody(data: Data("not json".utf8)) == nil)
  }

  @Test(arguments: [
    ("user-1", "user-1"), ("$RCAnonymousID:ab12", "%24RCAnonymousID%3Aab12"),
    ("a/b c", "a%2Fb%20c"), ("100%", "100%25"), ("ü@x.io", "%C3%BC%40x.io"),
  ])
  func appUserIDsAreEscapedAsOnePathSegment(id: String, escaped: String) {
    #expect(RevenueCatAPI.escapePathSegment(id) == escaped)
  }
}
