import Foundation
import TestSupport
import Testing

/// `kiln doctor` calls nothing healthy that is not: a database with damaged pages, a model
/// list that is an error or a web page.
@Suite struct DoctorIntegrityTests {
  @Test func damagedPagesInsideTheDatabaseFailTheCheckWithThePathAndWhatToDo() async throws {
    let home = try ChatTestHome()
    let marker = String(repeating: "PAGEMARKER", count: 40)
    let ask = try await home.runWithPipes(["ask", marker], input: "")
    #expect(ask.status == 0, "\(ask.error)")
    let database = home.dataDirectory.appendingPathComponent("kiln.sqlite")
    try Self.damagePages(containing: Data(marker.utf8), in: database)

    let run = try await home.runWithPipes(["doctor"], input: "")
    #expect(run.status == 1)
    #expect(run.output.contains("FAIL database: \(database.path) is damaged"), "\(run.output)")
    #expect(run.output.contains("quick check"), "\(run.output)")
    #expect(run.output.contains("Move it aside"), "\(run.output)")
    // The other checks still ran and passed.
    #expect(run.output.contains("ok   configuration"))
  }

  @Test(arguments: [
    (500, "application/json", #"{"error":"boom"}"#, "answered 500"),
    (400, "application/json", #"{"error":"bad"}"#, "answered 400"),
    (200, "text/html", "<html><body>Router login</body></html>", "a text/html document"),
    (200, "application/json", #"{"models":[]}"#, "not a model list"),
  ])
  func aModelListThatIsNotOneFailsTheProviderCheck(
    status: Int, type: String, body: String, reason: String
  ) async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .get, "/v1/models",
        LoopbackResponse(
          status: status, headers: ["Content-Type": type], body: .bytes(Data(body.utf8))))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["doctor"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 1)
      #expect(run.output.contains("FAIL AI provider"), "\(run.output)")
      #expect(run.output.contains(reason), "\(run.output)")
    }
  }

  @Test func aRealModelListPassesAndIsCounted() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .get, "/v1/models",
        .json(#"{"object":"list","data":[{"id":"a"},{"id":"loop-model"}]}"#))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["doctor"], input: "", environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.output)")
      #expect(run.output.contains("answered 200 with 2 model(s)"), "\(run.output)")
      #expect(run.output.contains("quick check passed"), "\(run.output)")
    }
  }

  /// Overwrites the b-tree header of every page (but the first) that holds `marker`, as a
  /// disk error would, leaving the schema and the conversation list readable.
  private static func damagePages(containing marker: Data, in file: URL) throws {
    var bytes = try Data(contentsOf: file)
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let size = pageSize == 1 ? 65_536 : pageSize
    var damaged = 0
    var offset = size
    while offset + size <= bytes.count {
      let page = bytes[offset..<(offset + size)]
      if page.range(of: marker) != nil {
        bytes.replaceSubrange(offset..<(offset + 12), with: Data(repeating: 0xFF, count: 12))
        damaged += 1
      }
      offset += size
    }
    #expect(damaged > 0, "the marker was found on no page")
    try bytes.write(to: file)
  }
}
