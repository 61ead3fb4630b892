import Foundation
import Testing

@testable import AI

@Suite struct ProviderErrorReaderTests {
  @Test(arguments: [
    (
      #"{"error":{"message":"Incorrect API key provided: sk-abc***.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#,
      ProviderError(code: "invalid_api_key", message: "Incorrect API key provided: sk-abc***.")
    ),
    (
      #"{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":null}}"#,
      ProviderError(code: "requests", message: "Rate limit reached")
    ),
    (
      #"{"error":{"code":429,"message":"Rate limit exceeded: free-models-per-min","metadata":{"headers":{"X-RateLimit-Limit":"20"}}},"user_id":"u"}"#,
      ProviderError(
        code: ProviderErrorCode(number: 429), message: "Rate limit exceeded: free-models-per-min")
    ),
    (
      #"{"error":{"code":"free_quota_exhausted","message":"No free messages left"}}"#,
      ProviderError(code: .freeQuotaExhausted, message: "No free messages left")
    ),
    (
      #"{"error":"model 'llama9' not found"}"#,
      ProviderError(code: nil, message: "model 'llama9' not found")
    ),
    (
      #"[{"error":{"code":400,"message":"API key not valid","status":"INVALID_ARGUMENT"}}]"#,
      ProviderError(code: ProviderErrorCode(number: 400), message: "API key not valid")
    ),
    (#"{"detail":"Not authenticated"}"#, ProviderError(code: nil, message: "Not authenticated")),
    (
      #"{"message":["messages must not be empty","model is required"],"code":"bad"}"#,
      ProviderError(code: "bad", message: "messages must not be empty; model is required")
    ),
  ])
  func readsEveryKnownErrorBodyShape(body: String, expected: ProviderError) {
    #expect(ProviderErrorReader.error(inBody: Data(body.utf8)) == expected)
  }

  @Test(arguments: [
    "<html><body>502 Bad Gateway</body></html>", "", "{}", #"{"ok":true}"#, "[]", "null",
    #"{"error":null}"#,
  ])
  func findsNoErrorInBodiesWithoutOne(body: String) {
    #expect(ProviderErrorReader.error(inBody: Data(body.utf8)) == nil)
  }
}
