import Backend
import Core
import Foundation
import Testing

/// Provider identities as every `AuthStore` keeps them: in memory, SQLite and PostgreSQL.
@Suite("AuthStore identity contract")
struct AuthStoreIdentityContractTests {
  static func identity(
    _ number: Int, of user: UUID, provider: String = "apple", subject: String = "sub-1"
  ) -> AuthIdentityRecord {
    AuthIdentityRecord(
      id: UUID(sequence: 500 + number), userID: user, provider: provider,
      providerSubject: subject, email: "a@example.com",
      identityDataJSON: #"{"email_verified":true,"sub":"sub-1"}"#,
      createdAt: storeNoon.addingTimeInterval(Double(number)),
      updatedAt: storeNoon.addingTimeInterval(Double(number) + 0.25))
  }

  @Test(arguments: StoreKind.allCases)
  func anAccountMadeWithAnIdentityIsFoundByItAndLinksMore(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      var owner = AuthFixture.user(1, email: "a@example.com")
      owner.password = nil
      let first = Self.identity(1, of: owner.id)
      #expect(try await store.createUser(owner, identity: first))
      #expect(try await store.user(id: owner.id) == owner)
      #expect(try await store.identity(provider: "apple", subject: "sub-1") == first)
      #expect(try await store.identity(provider: "google", subject: "sub-1") == nil)
      let second = Self.identity(2, of: owner.id, provider: "google", subject: "g-1")
      #expect(try await store.addIdentity(second) == .added)
      #expect(try await store.identities(ofUser: owner.id) == [first, second])
      // The provider account is linked once, whoever asks.
      let other = AuthFixture.user(2, email: "b@example.com")
      #expect(try await store.createUser(other))
      let again = Self.identity(3, of: other.id, provider: "google", subject: "g-1")
      #expect(try await store.addIdentity(again) == .identityTaken)
      #expect(try await store.identities(ofUser: other.id).isEmpty)
      let orphan = Self.identity(4, of: UUID(sequence: 99), subject: "sub-9")
      #expect(try await store.addIdentity(orphan) == .userNotFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aTakenAddressOrIdentityMakesNoAccount(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let owner = AuthFixture.user(1, email: "a@example.com")
      #expect(try await store.createUser(owner, identity: Self.identity(1, of: owner.id)))
      let sameAddress = AuthFixture.user(2, email: "a@example.com")
      #expect(
        !(try await store.createUser(
          sameAddress, identity: Self.identity(2, of: sameAddress.id, subject: "sub-2"))))
      let sameIdentity = AuthFixture.user(3, email: "c@example.com")
      #expect(
        !(try await store.createUser(sameIdentity, identity: Self.identity(3, of: sameIdentity.id)))
      )
      #expect(try await store.user(id: sameAddress.id) == nil)
      #expect(try await store.user(id: sameIdentity.id) == nil)
      #expect(try await store.identity(provider: "apple", subject: "sub-2") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func deletingTheAccountDeletesItsIdentities(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let owner = AuthFixture.user(1, email: "a@example.com")
      #expect(try await store.createUser(owner, identity: Self.identity(1, of: owner.id)))
      #expect(try await store.deleteUser(id: owner.id))
      #expect(try await store.identity(provider: "apple", subject: "sub-1") == nil)
      #expect(try await store.identities(ofUser: owner.id).isEmpty)
      // The provider account can make a new account afterwards.
      let again = AuthFixture.user(2, email: "a@example.com")
      #expect(try await store.createUser(again, identity: Self.identity(2, of: again.id)))
    }
  }
}
