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
}
