import Foundation
import Testing

@testable import Backend

/// After delete-account (`deleteSyncedRows`), a device still holding one of the account's
/// access tokens cannot store rows nobody owns: its pushes are refused 409 `23503`, as
/// Supabase's foreign key to `auth.users` refuses them, on both stores, and a push racing
/// the deletion leaves nothing behind either.
@Suite("SyncStore deleted accounts")
struct SyncStoreClosedAccountTests {
  static func conversation(_ number: Int) -> SyncJSON {
    change("conversations", conversationRow(syncID(number)), clocks: ["title": hlc(1)])
  }

  @Test(arguments: SyncStoreKind.allCases)
  func aDeletedAccountsPushIsRefusedAndStoresNothing(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push([Self.conversation(1)], as: userA)
    _ = try await database.push([Self.conversation(2)], as: userB)
    try await database.store.deleteSyncedRows(of: userA)
    let refusal = try await database.pushRefusal(
      [Self.conversation(3), Self.conversation(1)], as: userA)
    #expect(refusal == .accountDeleted)
    #expect(refusal?.status == 409)
    #expect(refusal?.code == "23503")
    // Even a push the contract would refuse for its shape is told first that the account
    // is gone, as on PostgreSQL, where the check comes before the function reads anything.
    #expect(try await database.pushRefusal([.string("not a change")], as: userA) == .accountDeleted)
    #expect(try await database.allRows(of: userA).isEmpty)
    #expect(try await database.pull(as: userA)["changes"] == .array([]))
    // Another user is untouched and goes on syncing.
    #expect(try await database.allRows(of: userB).count == 1)
    let more = try await database.results([Self.conversation(4)], as: userB)
    #expect(more.first?["status"] == .string("applied"))
    // Deleting again changes nothing and fails nothing.
    try await database.store.deleteSyncedRows(of: userA)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func anAccountWhoseDeletionDidNotFinishSyncsAgain(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    try await database.addAccount(userA)
    _ = try await database.push([Self.conversation(1)], as: userA)
    // The rows went, then deleting the account itself failed: it is still an account.
    try await database.store.deleteSyncedRows(of: userA)
    let again = try await database.results([Self.conversation(2)], as: userA)
    #expect(again.first?["status"] == .string("applied"))
    // Deleting it again, this time to the end, closes it.
    try await database.store.deleteSyncedRows(of: userA)
    try await database.executeAsOwner(
      "DELETE FROM auth_users WHERE id = upper(?1)", user: userA)
    #expect(
      try await database.pushRefusal([Self.conversation(3)], as: userA) == .accountDeleted)
    #expect(try await database.allRows(of: userA).isEmpty)
    await database.close()
  }

  @Test(arguments: SyncStoreKind.allCases)
  func pushesRacingTheDeletionLeaveNoRowBehind(kind: SyncStoreKind) async throws {
    let database = try await SyncDatabase.make(kind)
    _ = try await database.push([Self.conversation(1)], as: userA)
    let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
      for number in 10..<40 {
        group.addTask {
          do {
            _ = try await database.push(
              [
                Self.conversation(number),
                change(
                  "messages", messageRow(syncID(number + 100), in: syncID(number)),
                  clocks: ["body": hlc(1)]),
              ], as: userA)
            return "stored"
          } catch let refusal as SyncCallError {
            return refusal == .accountDeleted ? "refused" : "other \(refusal)"
          }
        }
        if number == 20 {
          group.addTask {
            try await database.store.deleteSyncedRows(of: userA)
            return "deleted"
          }
        }
      }
      var outcomes: [String] = []
      for try await outcome in group { outcomes.append(outcome) }
      return outcomes
    }
    #expect(outcomes.filter { $0 == "deleted" }.count == 1)
    #expect(outcomes.allSatisfy { ["stored", "refused", "deleted"].contains($0) }, "\(outcomes)")
    #expect(try await database.allRows(of: userA).isEmpty)
    await database.close()
  }
}
