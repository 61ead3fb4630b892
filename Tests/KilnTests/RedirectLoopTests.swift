import Foundation
import TestSupport
import Testing

/// A provider address that redirects to itself is reported as a redirect loop, not as a
/// connection problem.
@Suite struct RedirectLoopTests {
  private static let path = "/v1/chat/completions"

  @Test func aRedirectLoopIsNamedAsOne() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, Self.path,
        LoopbackResponse(status: 307, headers: ["Location": Self.path], body: .empty))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "hi"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 1)
      #expect(run.error.contains("redirect loop"), "\(run.error)")
      #expect(!run.error.contains("check your connection"), "\(run.error)")
    }
  }
}
