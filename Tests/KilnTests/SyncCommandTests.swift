import AppComposition
import Foundation
import Storage
import Sync
import TestSupport
import Testing

@testable import kiln

/// Sync in the app: the composition turns it on only with `CHAT_SYNC_ENABLED` and a
/// signed-in account, follows sign-out, and `kiln sync` reports a round in words and JSON
/// with its exit statuses, against real accounts and a scripted sync server on a loopback
/// socket.
@MainActor
@Suite struct SyncCompositionTests {
  @Test func syncIsOffWithoutTheFlagAndTheJournalIsNeverTouched() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies(syncEnabled: false)
    _ = try await dependencies.auth.signUpWithEmail(email: "ada@example.com", password: "pw-8Lm3")
    await dependencies.sync.accountMayHaveChanged()
    #expect(dependencies.sync.availability == .disabled)
    #expect(await harness.journal.recordingStarts == 0)
    #expect(await harness.journal.accounts.isEmpty)
    await dependencies.shutdown()
  }

  @Test func theFlagAloneRecordsButSyncsNothingUntilSomeoneSignsIn() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    #expect(dependencies.sync.availability == .signedOut)
    #expect(await harness.journal.recordingStarts == 1)
    #expect(await harness.journal.accounts == [nil])
    await dependencies.shutdown()
  }

  @Test func signingInTurnsSyncOnAndSigningOutStopsItKeepingLocalData() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    let account = try await harness.signIn(dependencies)
    #expect(dependencies.sync.availability == .on(account: account))
    #expect(await harness.journal.accounts == [nil, account])
    let kept = try await dependencies.conversations.create(
      title: "Kept here", personaName: nil, personaID: nil)

    try await dependencies.auth.signOut()
    await dependencies.sync.accountMayHaveChanged()
    #expect(dependencies.sync.availability == .signedOut)
    #expect(await harness.journal.accounts == [nil, account, nil])
    #expect(try await dependencies.conversations.get(id: kept.id) != nil)
    await #expect(throws: SyncError.notSignedIn) { try await dependencies.sync.runRound() }
    #expect(await harness.journal.recordingStarts == 1, "recording starts once")
    await dependencies.shutdown()
  }
}

@MainActor
@Suite struct SyncCommandTests {
  @Test func aRoundIsReportedInWordsWithWhatItStored() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    let account = try await harness.signIn(dependencies)
    harness.server.enqueue(
      .json(SyncAppHarness.pageWithConversation(account: account, title: "From the laptop")),
      method: .post, path: SyncAppHarness.pullPath)

    let status = try await harness.runSync([], dependencies)
    #expect(status == .success)
    #expect(harness.printed.hasPrefix("Synced: pushed 0, pulled 1, stored 1, deleted 0"))
    #expect(harness.reported.isEmpty)
    #expect(
      await harness.journal.appliedRows.map(\.id.uuidString) == [
        "0193A6F0-0000-7000-8000-000000000001"
      ])
    let request = try #require(
      harness.server.requests.first { $0.path == SyncAppHarness.pullPath })
    #expect(request.headers["apikey"] == "anon-key-sync-7Kp2")
    #expect(request.headers["Authorization"]?.hasPrefix("Bearer ") == true)
    await dependencies.shutdown()
  }

  @Test func jsonIsOneObjectWithEveryCount() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    _ = try await harness.signIn(dependencies)
    harness.server.enqueue(
      .json(SyncAppHarness.emptyPage(next: 4)), method: .post, path: SyncAppHarness.pullPath)

    #expect(try await harness.runSync(["--json"], dependencies) == .success)
    let object = try KilnOutput.object(harness.printed)
    for key in [
      "pushed", "applied", "merged", "stale", "pulled", "stored", "deleted", "skipped", "parked",
      "bytes_sent", "bytes_received", "pending_rows", "foreign_rows",
    ] {
      #expect(object[key] as? Int != nil, "\(key) is a number")
    }
    #expect(object["pulled"] as? Int == 0)
    #expect((object["bytes_received"] as? Int ?? 0) > 0)
    #expect(object["adopted_rows"] == nil)
    await dependencies.shutdown()
  }

  @Test func foreignChangesAreNamedWithHowToDecideAndNeverPushed() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    _ = try await harness.signIn(dependencies)
    await harness.journal.setForeignRows(3)
    harness.server.enqueue(
      .json(SyncAppHarness.emptyPage()), method: .post, path: SyncAppHarness.pullPath)

    #expect(try await harness.runSync([], dependencies) == .success)
    #expect(harness.reported.contains("3 rows on this device were changed while signed out"))
    #expect(harness.reported.contains("kiln sync --adopt"))
    #expect(harness.reported.contains("kiln sync --keep-local"))
    #expect(harness.server.requests.allSatisfy { $0.path != SyncAppHarness.pushPath })
    #expect(await harness.journal.foreignRows == 3, "nothing was decided")
    await dependencies.shutdown()
  }

  @Test(arguments: [
    ("--adopt", "now belong to this account"), ("--keep-local", "stay on this device only"),
  ])
  func eitherFlagDecidesForTheForeignChanges(flag: String, words: String) async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    _ = try await harness.signIn(dependencies)
    await harness.journal.setForeignRows(2)
    harness.server.enqueue(
      .json(SyncAppHarness.emptyPage()), method: .post, path: SyncAppHarness.pullPath)

    #expect(try await harness.runSync([flag], dependencies) == .success)
    #expect(harness.printed.contains("2 rows changed while signed out or by another account"))
    #expect(harness.printed.contains(words))
    #expect(harness.reported.isEmpty, "nothing is left to decide")
    #expect(await harness.journal.foreignRows == 0)
    await dependencies.shutdown()
  }

  @Test func bothFlagsAreAUsageError() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    #expect(try await harness.runSync(["--adopt", "--keep-local"], dependencies) == .usage)
    #expect(harness.reported.contains("cannot be used together"))
    await dependencies.shutdown()
  }

  @Test func withoutTheFlagSyncIsAUsageErrorAndSignedOutAFailure() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let off = try await harness.dependencies(syncEnabled: false)
    #expect(try await harness.runSync([], off) == .usage)
    #expect(harness.reported.contains("CHAT_SYNC_ENABLED is not true"))
    await off.shutdown()

    let signedOut = try await harness.dependencies()
    #expect(try await harness.runSync([], signedOut) == .failure)
    #expect(harness.reported.contains("kiln login"))
    await signedOut.shutdown()
  }

  @Test func mockAccountsKeepSyncOffAndSayHowToUseRealOnes() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    // A development build without AUTH_BYPASS=0: sign-ins are mocks the server never sees.
    let mocked = try await harness.dependencies(["AUTH_BYPASS": "1"])
    _ = try await mocked.auth.signUpWithEmail(email: "ada@example.com", password: "pw-8Lm3")
    await mocked.sync.accountMayHaveChanged()
    #expect(mocked.sync.availability == .mockAccounts)
    #expect(try await harness.runSync([], mocked) == .usage)
    #expect(harness.reported.contains("AUTH_BYPASS=0"))
    #expect(await harness.journal.recordingStarts == 0)
    await mocked.shutdown()
  }

  @Test func aRefusalShowsThePostgRESTMessageAndNeverTheToken() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    _ = try await harness.signIn(dependencies)
    harness.server.enqueue(
      .json(
        #"{"code":"22023","message":"max_rows must be between 1 and 1000","details":null,"hint":null}"#,
        status: 400),
      method: .post, path: SyncAppHarness.pullPath)

    #expect(try await harness.runSync([], dependencies) == .failure)
    #expect(
      harness.reported.contains(
        "refused the request: HTTP 400 22023: max_rows must be between 1 and 1000"))
    let token = try #require(try await dependencies.auth.validAccessToken())
    #expect(!harness.reported.contains(token))
    #expect(harness.printed.isEmpty)
    await dependencies.shutdown()
  }

  @Test func anUnreachableServerIsAFailureThatSaysSo() async throws {
    let harness = try SyncAppHarness()
    defer { harness.server.stop() }
    let dependencies = try await harness.dependencies()
    _ = try await harness.signIn(dependencies)
    harness.server.enqueue(.dropConnection(), method: .post, path: SyncAppHarness.pullPath)

    #expect(try await harness.runSync([], dependencies) == .failure)
    #expect(harness.reported.contains("cannot be reached"))
    await dependencies.shutdown()
  }
}
