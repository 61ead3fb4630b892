import Core
import Foundation
import Networking
import Testing

@Suite struct HTTPErrorTests {
  static func status(
    _ code: Int, _ body: String = "", retryAfter: Double? = nil
  ) -> HTTPError {
    .status(HTTPResponse(statusCode: code, data: Data(body.utf8)), retryAfter: retryAfter)
  }

  @Test(arguments: [
    (
      HTTPError.transport(code: -1009, message: "x"),
      AppError.network(code: -1009, message: "Offline")
    ),
    (.transport(code: -1001, message: "x"), .network(code: -1001, message: "Timed out")),
    (.transport(code: -1005, message: "x"), .network(code: -1005, message: "Connection failed")),
    (.transport(code: -1003, message: "x"), .network(code: -1003, message: "Connection failed")),
    (.cancelled, .cancelled),
    (status(401, #"{"message":"JWT expired"}"#), .unauthorized),
    (status(404), .notFound),
    (status(429, retryAfter: 30), .rateLimited(retryAfter: 30)),
    (status(429), .rateLimited(retryAfter: nil)),
    (status(500, #"{"error":"Server error"}"#), .network(code: 500, message: "Server error")),
    (status(503), .network(code: 503, message: nil)),
    (
      status(400, #"{"error":{"message":"Bad model","code":"invalid_model"}}"#),
      .network(code: 400, message: "Bad model")
    ),
  ])
  func mapsToAppError(error: HTTPError, expected: AppError) {
    #expect(error.appError == expected)
    #expect(AppError.from(error) == expected)
  }

  @Test func keepsTheRawResponseForCallersThatDecodeTheirOwnShape() throws {
    let body = #"{"error_code":"user_banned","msg":"Banned"}"#
    let error = HTTPError.status(
      HTTPResponse(statusCode: 403, headers: ["X-Request-ID": "r9"], data: Data(body.utf8)),
      retryAfter: nil)
    #expect(error.statusCode == 403)
    #expect(error.body == Data(body.utf8))
    #expect(error.response?.requestID == "r9")
    #expect(error.serverError == ServerErrorDetails(message: "Banned", code: "user_banned"))
  }

  @Test func descriptionCarriesStatusAndCodeButNotTheBody() {
    let error = Self.status(400, #"{"error":{"message":"secret prompt text","code":"bad"}}"#)
    #expect(error.description.contains("400"))
    #expect(error.description.contains("code=bad"))
    #expect(!error.description.contains("secret prompt text"))
  }

  @Test func timeoutIsRecognised() {
    #expect(HTTPError.transport(code: -1001, message: "").isTimeout)
    #expect(!HTTPError.transport(code: -1009, message: "").isTimeout)
    #expect(!HTTPError.cancelled.isTimeout)
  }
}
