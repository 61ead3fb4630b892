import Testing

@testable import kiln

/// The scripted session I/O fails a test whose session stopped before reading every line it
/// was given or asking every question the test answered.
@MainActor @Suite struct ScriptedSessionIOTests {
  @Test func aLineTheSessionNeverReadFailsTheTest() async {
    let io = ScriptedSessionIO(["/quit", "meant to be sent"])
    let (session, _) = makeSession(io)
    await withKnownIssue {
      _ = await session.run(opening: nil)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("ScriptedSessionIO: the session closed with 1 inputs unread")
      }
    }
  }

  @Test func linesATestMeansToLeaveUnreadAreNotAFailure() async {
    let io = ScriptedSessionIO(["/quit", "never read"], leavesUnread: 1)
    let (session, _) = makeSession(io)
    #expect(await session.run(opening: nil) == .success)
    #expect(io.prefills.count == 1)
  }

  @Test func anAnswerNoQuestionAskedForFailsTheTest() async {
    let io = ScriptedSessionIO(["hello"], answers: ["y"])
    let (session, _) = makeSession(io)
    await withKnownIssue {
      _ = await session.run(opening: nil)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "ScriptedSessionIO: 1 scripted answers were never asked for"
      }
    }
  }
}
