import AI
import Testing

/// The echo model's reason is a value the app words in its language; its description is
/// the English the log records.
@Suite struct EchoReasonTests {
  @Test func eachReasonReadsAsBeforeInTheLog() {
    #expect(
      EchoReason.placeholder(key: "PROXY_BASE_URL").description == "PROXY_BASE_URL is a placeholder"
    )
    #expect(
      EchoReason.notHTTPURL(key: "PROXY_BASE_URL").description
        == "PROXY_BASE_URL is not an http(s) URL")
    #expect(
      EchoReason.nothingSet(keys: ["A", "B", "C"]).description == "no A, B or C is set")
    #expect(EchoReason.nothingSet(keys: ["A"]).description == "no A is set")
    let literal: EchoReason = "preview"
    #expect(literal == .other("preview"))
  }

  @Test func aPlaceholderProxyURLIsNamedAsOne() throws {
    let configuration = try AIConfiguration.resolve([
      "PROXY_BASE_URL": "https://YOUR-REF.supabase.co"
    ])
    #expect(configuration.provider == .echo(reason: .placeholder(key: "PROXY_BASE_URL")))
  }
}
