import Foundation
import TestSupport
import Testing

/// The real `kiln` binary on a machine where libcurl cannot be opened: streams still work,
/// through URLSession, with one warning in the log, and `kiln doctor` names the transport.
@Suite struct StreamTransportRunTests {
  private typealias Events = InteractiveProviderTests

  @Test func withoutLibcurlStreamsFallBackToURLSessionAndTheDoctorSaysSo() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(.get, "/v1/models", .json(#"{"object":"list","data":[]}"#))
      server.route(
        .post, "/v1/chat/completions",
        .eventStream([Events.content("streamed without libcurl"), Events.finish]))
      let home = try ChatTestHome()
      var environment = KilnOutput.provider(server)
      environment["KILN_LIBCURL"] = "/nonexistent/libcurl.so.4"
      let doctor = try await home.runWithPipes(["doctor"], input: "", environment: environment)
      #expect(doctor.status == 0, "\(doctor.output)\(doctor.error)")
      #expect(
        doctor.output.contains(
          "ok   streams: URLSession, which buffers a slow reader's backlog (libcurl could not be loaded: /nonexistent/libcurl.so.4"
        ), "\(doctor.output)")

      let ask = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
      #expect(ask.status == 0, "\(ask.error)")
      #expect(ask.output.contains("streamed without libcurl"), "\(ask.output)")
      let log = try String(
        contentsOf: home.dataDirectory.appendingPathComponent("kiln.log.jsonl"), encoding: .utf8)
      let warnings = log.split(separator: "\n").filter {
        $0.contains("streams fall back to URLSession")
      }
      #expect(warnings.count == 1, "\(log)")
    }
  }
}
