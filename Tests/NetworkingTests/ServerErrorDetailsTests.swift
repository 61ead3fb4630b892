import Foundation
import Networking
import Testing

@Suite struct ServerErrorDetailsTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    var body: String
    var contentType: String?
    var message: String?
    var code: String?
    var testDescription: String { body }
  }

  static let shapes: [Shape] = [
    Shape(body: #"{"error":"Server error"}"#, message: "Server error"),
    Shape(body: #"{"message":"Invalid input"}"#, message: "Invalid input"),
    Shape(body: #"{"detail":"Not allowed"}"#, message: "Not allowed"),
    Shape(
      body: #"{"detail":[{"loc":["body"],"msg":"field required"}]}"#, message: "field required"),
    Shape(
      body:
        #"{"error":{"message":"Model not found","type":"invalid_request_error","code":"model_not_found"}}"#,
      message: "Model not found", code: "model_not_found"),
    Shape(
      body: #"{"error":{"code":"free_quota_exhausted","message":"No free messages left"}}"#,
      message: "No free messages left", code: "free_quota_exhausted"),
    Shape(
      body:
        #"[{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}]"#,
      message: "Resource exhausted", code: "429"),
    Shape(
      body: #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#,
      message: "Invalid login credentials", code: "invalid_grant"),
    Shape(
      body: #"{"code":422,"error_code":"weak_password","msg":"Password is too weak"}"#,
      message: "Password is too weak", code: "weak_password"),
    Shape(body: "  {\"message\":\"  padded  \"}", message: "padded"),
    Shape(
      body: "Upstream is down", contentType: "text/plain; charset=utf-8",
      message: "Upstream is down"),
  ]

  @Test(arguments: shapes)
  func extractsTheMessageAndCodeFromCommonShapes(_ shape: Shape) throws {
    let details = try #require(
      ServerErrorDetails(body: Data(shape.body.utf8), contentType: shape.contentType))
    #expect(details.message == shape.message)
    #expect(details.code == shape.code)
  }

  @Test(
    arguments: [
      ("<html><body>Bad Gateway</body></html>", "text/html"),
      ("", "application/json"),
      ("{}", "application/json"),
      ("not json", nil),
      (#"{"unrelated":true}"#, "application/json"),
    ] as [(String, String?)])
  func givesNothingWhenTheBodyHasNoMessage(body: String, contentType: String?) {
    #expect(ServerErrorDetails(body: Data(body.utf8), contentType: contentType) == nil)
  }

  @Test func capsVeryLongMessages() throws {
    let long = String(repeating: "x", count: 2_000)
    let details = try #require(
      ServerErrorDetails(body: Data(#"{"message":"\#(long)"}"#.utf8), contentType: nil))
    #expect(details.message?.count == 501)
  }
}
