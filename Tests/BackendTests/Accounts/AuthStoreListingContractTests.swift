import Backend
import Foundation
import Testing

/// The admin listing every `AuthStore` answers alike: in memory, SQLite and PostgreSQL.
@Suite("AuthStore listing contract")
struct AuthStoreListingContractTests {
  @Test(arguments: StoreKind.allCases)
  func accountsListOldestFirstInPagesWithTheTotal(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      #expect(try await store.users(offset: 0, limit: 10) == AuthUserListing(users: [], total: 0))
      var made: [AuthUserRecord] = []
      // Made out of order: the list follows createdAt, not insertion.
      for (number, seconds) in [(1, 30.0), (2, 10.0), (3, 20.0)] {
        var user = AuthFixture.user(number, email: "u\(number)@example.com")
        user.createdAt = storeNoon.addingTimeInterval(seconds)
        #expect(try await store.createUser(user))
        made.append(user)
      }
      let first = try await store.users(offset: 0, limit: 2)
      #expect(first.total == 3)
      #expect(first.users == [made[1], made[2]])
      let rest = try await store.users(offset: 2, limit: 2)
      #expect(rest == AuthUserListing(users: [made[0]], total: 3))
      #expect(try await store.users(offset: 3, limit: 2) == AuthUserListing(users: [], total: 3))
    }
  }
}
