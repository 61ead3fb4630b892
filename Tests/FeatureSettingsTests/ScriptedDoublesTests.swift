import Auth
import Storage
import Testing

/// The settings tests' doubles fail a test that leaves a scripted answer or failure unused.
@MainActor @Suite struct ScriptedDoublesTests {
  @Test func anAuthAnswerNoCallUsedFailsTheTest() async {
    await withKnownIssue {
      await ScriptedAuthClient.run { auth in
        await auth.answer(.signOut, with: .success(()))
        await auth.answer(.resetPassword(email: "ana@kiln.dev"), with: .success(()))
        try? await auth.signOut()
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("ScriptedAuthClient: scripted 1 resetPassword")
      }
    }
  }

  @Test func anAuthCallNobodyScriptedFailsTheTest() async {
    await withKnownIssue {
      await ScriptedAuthClient.run { auth in
        await #expect(throws: ScriptedAuthClient.Unscripted.self) { try await auth.signOut() }
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "unscripted auth call: signOut" }
    }
  }

  @Test func everyAuthAnswerUsedPassesQuietly() async throws {
    try await ScriptedAuthClient.run { auth in
      await auth.answer(.signOut, with: .success(()))
      try await auth.signOut()
      #expect(await auth.calls == [.signOut])
    }
  }

  @Test func aSettingsFailureNoSaveMetFailsTheTest() async throws {
    let repository = ScriptedSettingsRepository()
    await repository.failNextLoad(with: StorageError.busy)
    await repository.failNextSave(with: StorageError.diskFull)
    await #expect(throws: StorageError.busy) { _ = try await repository.load() }
    await withKnownIssue {
      await repository.verifyAllUsed()
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("ScriptedSettingsRepository: scripted save failure never met")
      }
    }
  }
}
