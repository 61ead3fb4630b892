import Auth
import Foundation
import Testing

@Suite struct SessionRecordTests {
  @Test func aSessionSurvivesTheRoundTrip() throws {
    let session = Sessions.make("one")
    let data = try SessionRecord.encode(session)
    #expect(try SessionRecord.decode(data) == session)
  }

  @Test func theRecordIsOneVersionedObjectWithBothTokens() throws {
    let data = try SessionRecord.encode(Sessions.make("one"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["access_token"] as? String == "access-one-Q9x7Lm2")
    #expect(object["refresh_token"] as? String == "refresh-one-Zr4Kp8w")
    #expect(object["expires_at"] as? Double != nil)
    #expect(
      (object["user"] as? [String: Any])?["avatar_url"] as? String
        == "https://example.com/alice.png")
  }

  @Test func theTokenLifetimeIsKeptAndRecordsWithoutItStillRead() throws {
    var session = Sessions.make("one")
    session.lifetime = 30
    let data = try SessionRecord.encode(session)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["expires_in"] as? Double == 30)
    #expect(try SessionRecord.decode(data).lifetime == 30)

    let older =
      #"{"version":1,"access_token":"a","refresh_token":"r","expires_at":1,"token_type":"bearer","user":{"id":"u"}}"#
    #expect(try SessionRecord.decode(Data(older.utf8)).lifetime == nil)
  }

  @Test(arguments: [
    "not json",
    #"{"access_token":"a","refresh_token":"r","expires_at":1,"token_type":"bearer","user":{"id":"u"}}"#,
    #"{"version":2,"access_token":"a","refresh_token":"r","expires_at":1,"token_type":"bearer","user":{"id":"u"}}"#,
    #"{"version":1,"access_token":"","refresh_token":"r","expires_at":1,"token_type":"bearer","user":{"id":"u"}}"#,
    #"{"version":1,"access_token":"a","refresh_token":"","expires_at":1,"token_type":"bearer","user":{"id":"u"}}"#,
  ])
  func anythingElseIsCorrupted(text: String) {
    #expect(throws: SessionStoreError.self) { try SessionRecord.decode(Data(text.utf8)) }
  }
}
