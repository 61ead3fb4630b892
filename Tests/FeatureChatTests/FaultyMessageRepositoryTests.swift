import Testing

/// The fault injector fails a test whose fault no append reached.
@MainActor @Suite struct FaultyMessageRepositoryTests {
  @Test func aFaultNoAppendReachedFailsTheHarnessRun() async throws {
    try await withKnownIssue {
      try await ChatHarness.run(faulty: true) { harness in
        let faults = try #require(harness.faults)
        faults.onAppend(5, .fail(.diskFull))
        let chat = try await harness.openChat()
        _ = await chat.send("Hi")
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "FaultyMessageRepository: a fault for append 5 was never reached (2 appends)"
      }
    }
  }
}
