import Auth
import Core
import Foundation
import Networking
import Storage
import TestSupport
import Testing

@Suite struct SecureStoreSessionStoreTests {
  @Test func theSessionIsSavedLoadedAndClearedUnderOneKey() throws {
    let secure = InMemorySecureStore()
    let store = SecureStoreSessionStore(secureStore: secure)
    #expect(try store.load() == nil)
    let session = Sessions.make("one")
    try store.save(session)
    #expect(try store.load() == session)
    #expect(try secure.getData("auth_session") == (try SessionRecord.encode(session)))
    #expect(try secure.getData("auth_access_token") == nil)
    try store.clear()
    #expect(try store.load() == nil)
    try store.clear()
  }

  @Test func aDamagedRecordIsCorruptedAndTheManagerRemovesIt() throws {
    let secure = InMemorySecureStore(["auth_session": Data("{\"version\":1}".utf8)])
    #expect(throws: SessionStoreError.self) {
      try SecureStoreSessionStore(secureStore: secure).load()
    }
    let manager = SessionManager(
      config: AuthConfig(
        supabaseURL: try #require(URL(string: "http://127.0.0.1:9")), supabaseAnonKey: "k"),
      httpClient: UnconfiguredHTTPClient(missing: "SUPABASE_URL"), secureStore: secure,
      clock: ManualClock().appClock)
    #expect(manager.state == .unauthenticated)
    #expect(try secure.getData("auth_session") == nil)
  }

  @Test func aStoredSessionIsRestoredFromTheFileAcrossInstances() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = Sessions.make("one")
    try SecureStoreSessionStore(secureStore: FileSecureStore(directory: directory.url))
      .save(session)
    let manager = SessionManager(
      config: AuthConfig(
        supabaseURL: try #require(URL(string: "http://127.0.0.1:9")), supabaseAnonKey: "k"),
      httpClient: UnconfiguredHTTPClient(missing: "SUPABASE_URL"),
      secureStore: FileSecureStore(directory: directory.url), clock: ManualClock().appClock)
    #expect(manager.state == .authenticated(Sessions.alice))
    #expect(try await manager.validAccessToken() == session.accessToken)
  }
}
