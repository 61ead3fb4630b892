import Foundation
import Testing

@testable import Backend

/// After delete-account, a token issued before it still verifies until it expires, but the
/// AI routes refuse it (decision 196): the admission asks whether the account is closed,
/// as the sync routes ask it, before it reads or counts anything.
@Suite("ServerStore admission of deleted accounts")
struct ProxyClosedAccountTests {
  @Test(arguments: SyncStoreKind.allCases)
  func aDeletedAccountIsRefusedAndNothingIsCountedForIt(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let proxy = database.proxy
    let deleted = userA.uuidString.lowercased()
    let other = userB.uuidString.lowercased()
    let allowance = try freeMessages(1)
    try await database.store.deleteSyncedRows(of: userA)
    for charge in [true, true, false] {
      #expect(
        try await proxy.admit(
          admission(deleted, rate: try perSeconds(100, 60), free: allowance, charge: charge))
          == .accountClosed)
    }
    #expect(try await proxy.isAccountClosed(deleted))
    #expect(try await !proxy.isAccountClosed(other))
    // Another user is admitted and counted as always.
    #expect(try await proxy.admit(admission(other, free: allowance)) == .admitted(freeRemaining: 0))
    #expect(
      try await proxy.admit(admission(other, free: allowance))
        == .freeQuotaExhausted(retryAfter: nil))
    // Nothing was charged while it was closed: made an account again (as a deletion that
    // did not finish leaves it), its one free message is still there.
    try await database.addAccount(userA)
    #expect(
      try await proxy.admit(admission(deleted, free: allowance)) == .admitted(freeRemaining: 0))
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func anAccountWhoseDeletionDidNotFinishIsStillAdmitted(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    try await database.addAccount(userA)
    try await database.store.deleteSyncedRows(of: userA)
    let user = userA.uuidString.lowercased()
    #expect(try await database.proxy.admit(admission(user)) == .admitted(freeRemaining: nil))
    #expect(try await !database.proxy.isAccountClosed(user))
    #expect(try await !database.proxy.isAccountClosed("Not-A-UUID"))
    // Subjects that are not UUIDs (address keys, other issuers' users) are judged as before.
    #expect(
      try await database.proxy.admit(admission("ip:127.0.0.1")) == .admitted(freeRemaining: nil))
    #expect(
      try await database.proxy.admit(admission("Not-A-UUID")) == .admitted(freeRemaining: nil))
    await database.close()
  }

  /// A reply that ends after its account was deleted (a stream still running through the
  /// deletion) is still counted, but its ledger line carries no user id: the deleted user
  /// is not named again after `eraseUser` anonymised the earlier lines. Both ways a line is
  /// written (a reply, a refund) do this; an account whose deletion did not finish keeps its
  /// lines.
  @Test(arguments: SyncStoreKind.allCases)
  func aLedgerLineWrittenAfterTheAccountWasDeletedNamesNoOne(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let proxy = database.proxy
    let deleted = userA.uuidString.lowercased()
    let unfinished = userB.uuidString.lowercased()
    try await database.store.deleteSyncedRows(of: userA)
    try await database.addAccount(userB)
    try await database.store.deleteSyncedRows(of: userB)
    func line(_ id: String, _ user: String) -> UsageRecord {
      UsageRecord(
        requestID: id, userID: user, model: "openai/gpt-4o-mini", promptTokens: 5,
        completionTokens: 7, status: "completed", startedAt: storeNoon,
        durationMilliseconds: 20, upstreamGenerationID: nil)
    }
    try await proxy.recordUsage(line("req-deleted", deleted))
    _ = try await proxy.refundFreeMessage(
      userID: deleted, bucket: "lifetime", recording: line("req-deleted-refund", deleted))
    try await proxy.recordUsage(line("req-unfinished", unfinished))
    #expect(try await proxy.usage(for: deleted).isEmpty)
    #expect(try await proxy.usage(for: unfinished).map(\.requestID) == ["req-unfinished"])
    #expect(
      try await database.ledgerLines() == [
        "req-deleted: none", "req-deleted-refund: none", "req-unfinished: \(unfinished)",
      ])
    await database.close()
  }

  /// An entitlement learned after the account was deleted (a RevenueCat answer or webhook
  /// that arrives after the deletion's erasures) is not kept; one of an account whose
  /// deletion did not finish is.
  @Test(arguments: SyncStoreKind.allCases)
  func anEntitlementLearnedAfterTheAccountWasDeletedIsNotKept(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    let proxy = database.proxy
    try await database.store.deleteSyncedRows(of: userA)
    try await database.addAccount(userB)
    try await database.store.deleteSyncedRows(of: userB)
    for user in [userA, userB] {
      try await proxy.saveEntitlement(
        EntitlementRecord(
          userID: user.uuidString.lowercased(), isActive: true,
          expiresAt: storeNoon.addingTimeInterval(3600), fetchedAt: storeNoon, source: "webhook"))
    }
    #expect(try await proxy.entitlement(for: userA.uuidString.lowercased()) == nil)
    #expect(try await proxy.entitlement(for: userB.uuidString.lowercased())?.isActive == true)
    await database.close()
  }
}
