import Core
import Networking
import Testing

@Suite struct UnconfiguredHTTPClientTests {
  @Test func sendFailsFastWithNotConfigured() async {
    let client: any HTTPClient = UnconfiguredHTTPClient(missing: "PROXY_BASE_URL")
    await #expect(throws: AppError.notConfigured("PROXY_BASE_URL")) {
      try await client.send(HTTPRequest(path: "/v1/chat", method: .post))
    }
  }

  @Test func streamFailsFastWithNotConfigured() async {
    let client: any HTTPClient = UnconfiguredHTTPClient(missing: "SUPABASE_URL")
    await #expect(throws: AppError.notConfigured("SUPABASE_URL")) {
      try await client.stream(HTTPRequest(path: "/auth/v1/token"))
    }
  }
}
