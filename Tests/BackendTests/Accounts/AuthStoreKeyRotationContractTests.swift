import Backend
import Foundation
import Testing

/// `AuthStore.rotateSigningKey` in every store.
@Suite("AuthStore key rotation contract")
struct AuthStoreKeyRotationContractTests {
  @Test(arguments: StoreKind.allCases)
  func rotatingRetiresTheCurrentKeyAndMakesTheNewOneCurrent(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let first = SigningKeyRecord(
        keyID: "k1", privateJWK: "{\"kty\":\"EC\",\"d\":\"one\"}", createdAt: storeNoon)
      let second = SigningKeyRecord(
        keyID: "k2", privateJWK: "{\"kty\":\"EC\",\"d\":\"two\"}",
        createdAt: storeNoon.addingTimeInterval(60))
      let third = SigningKeyRecord(
        keyID: "k3", privateJWK: "{\"kty\":\"EC\",\"d\":\"three\"}",
        createdAt: storeNoon.addingTimeInterval(120))
      #expect(try await store.addSigningKeyIfNone(first) == first)
      try await store.rotateSigningKey(to: second)
      try await store.rotateSigningKey(to: third)
      var retiredFirst = first
      retiredFirst.retiredAt = second.createdAt
      var retiredSecond = second
      retiredSecond.retiredAt = third.createdAt
      #expect(try await store.signingKeys() == [retiredFirst, retiredSecond, third])
      let candidate = SigningKeyRecord(
        keyID: "k4", privateJWK: "{}", createdAt: storeNoon.addingTimeInterval(180))
      #expect(try await store.addSigningKeyIfNone(candidate) == third)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func rotatingAnEmptyStoreAddsTheFirstKey(kind: StoreKind) async throws {
    try await withAuthStore(kind) { (store: any AuthStore) async throws in
      let first = SigningKeyRecord(keyID: "k1", privateJWK: "{}", createdAt: storeNoon)
      try await store.rotateSigningKey(to: first)
      #expect(try await store.signingKeys() == [first])
    }
  }
}
