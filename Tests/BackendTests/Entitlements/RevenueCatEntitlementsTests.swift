import Backend
import Foundation
import Networking
import TestSupport
import Testing

/// `RevenueCatEntitlements` against a real loopback RevenueCat (strict): grants first, then
/// the stored record while fresh, then `GET /v1/subscribers/{id}` judged by the client's
/// rules and saved; failures fail closed unless something is stored.
@Suite struct RevenueCatEntitlementsTests {
  static let secretKey = "sk_test_backend_secret_key"
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  let store = InMemoryServerStore()

  func source(_ server: LoopbackHTTPServer, cache: TimeInterval = 300) -> RevenueCatEntitlements {
    RevenueCatEntitlements(
      store: store,
      client: URLSessionHTTPClient(baseURL: nil, clock: .fixed(now)),
      secretKey: Self.secretKey, entitlementID: "pro", baseURL: server.baseURL,
      cacheDuration: cache)
  }

  static func iso(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle())
  }

  /// A subscriber body whose `pro` entitlement has the given dates (JSON text or `null`).
  static func subscriber(
    requestDate: Date, expires: String, grace: String = "null", refundedAt: String = "null",
    purchase: String = "null"
  ) -> String {
    """
    {"request_date":"\(iso(requestDate))","request_date_ms":\(Int(requestDate.timeIntervalSince1970 * 1000)),
     "subscriber":{"entitlements":{"pro":{"expires_date":\(expires),"grace_period_expires_date":\(grace),
     "product_identifier":"monthly","purchase_date":\(purchase)}},
     "subscriptions":{"monthly":{"purchase_date":\(purchase),"refunded_at":\(refundedAt),
     "grace_period_expires_date":null,"unknown_field":[1,2]}},"other":{}}}
    """
  }

  func quoted(_ offset: TimeInterval) -> String {
    "\"\(Self.iso(now.addingTimeInterval(offset)))\""
  }

  @Test func anOperatorGrantComesFirstAndRevenueCatIsNotAsked() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      try await store.grant(userID: "user-1", until: now.addingTimeInterval(60), now: now)
      #expect(try await source(server).isEntitled(userID: "user-1", now: now))
      #expect(server.requests.isEmpty)
    }
  }

  @Test func asksRevenueCatWithTheSecretKeyForThePercentEncodedUserAndSavesTheAnswer()
    async throws
  {
    try await LoopbackHTTPServer.withServer { server async throws in
      let path = "/v1/subscribers/user%2F1%20%C3%A4%24RC%3Ax"
      server.enqueue(
        .json(Self.subscriber(requestDate: now, expires: quoted(3600))), method: .get, path: path)
      #expect(try await source(server).isEntitled(userID: "user/1 ä$RC:x", now: now))
      let request = try #require(server.requests.first)
      #expect(request.path == path)
      #expect(request.headers["Authorization"] == "Bearer \(Self.secretKey)")
      let record = try #require(try await store.entitlement(for: "user/1 ä$RC:x"))
      #expect(record.isActive && record.source == "revenuecat" && record.fetchedAt == now)
      #expect(record.expiresAt == now.addingTimeInterval(3600))
    }
  }

  @Test func usesAStoredRecordWhileItIsYoungerThanTheCacheTime() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      try await store.saveEntitlement(
        EntitlementRecord(
          userID: "user-1", isActive: true, expiresAt: nil, fetchedAt: now, source: "webhook"))
      let source = source(server, cache: 300)
      #expect(try await source.isEntitled(userID: "user-1", now: now.addingTimeInterval(299)))
      #expect(server.requests.isEmpty)
      server.enqueue(
        .json(Self.subscriber(requestDate: now, expires: quoted(-10))), method: .get,
        path: "/v1/subscribers/user-1")
      #expect(try await !source.isEntitled(userID: "user-1", now: now.addingTimeInterval(300)))
      #expect(server.requests.count == 1)
    }
  }

  @Test(
    arguments: [
      ("active until an hour from now", 3600.0, "null", "null", "null", true),
      ("expired ten seconds ago", -10, "null", "null", "null", false),
      ("expired, but in a billing grace period", -10, "3600", "null", "null", true),
      ("lifetime (no expires_date)", .nan, "null", "null", "null", true),
      ("refunded for the current period", 3600, "null", "-5", "-100", false),
      ("a refund of an earlier period", 3600, "null", "-200", "-100", true),
    ])
  func judgesTheEntitlementByTheClientsRules(
    _ name: String, _ expires: Double, _ grace: String, _ refunded: String, _ purchase: String,
    _ entitled: Bool
  ) async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      func date(_ text: String) -> String { Double(text).map(quoted) ?? "null" }
      let body = Self.subscriber(
        requestDate: now, expires: expires.isNaN ? "null" : quoted(expires), grace: date(grace),
        refundedAt: date(refunded), purchase: date(purchase))
      server.enqueue(.json(body), method: .get, path: "/v1/subscribers/user-1")
      #expect(
        try await source(server).isEntitled(userID: "user-1", now: now) == entitled, "\(name)")
    }
  }

  @Test func judgesAtRevenueCatsRequestDateWhileItIsRecent() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      // RevenueCat answered a day "ago" by our clock: its request date is the reference, as
      // on the client, so an entitlement ending between the two still counts.
      let requestDate = now.addingTimeInterval(-86_400)
      server.enqueue(
        .json(Self.subscriber(requestDate: requestDate, expires: quoted(-3600))), method: .get,
        path: "/v1/subscribers/user-1")
      let record = try await source(server).fetchedRecord(userID: "user-1", now: now, store: store)
      #expect(record.isActive)
    }
  }

  @Test func anUnknownSubscriberIsNotEntitledAndThatIsCached() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      server.enqueue(.status(404), method: .get, path: "/v1/subscribers/ghost")
      server.enqueue(.text("", status: 200), method: .get, path: "/v1/subscribers/empty")
      server.enqueue(
        .json(#"{"request_date_ms":1800000000000,"subscriber":{"entitlements":{}}}"#),
        method: .get, path: "/v1/subscribers/none")
      let source = source(server)
      for user in ["ghost", "empty", "none"] {
        #expect(try await !source.isEntitled(userID: user, now: now))
        #expect(try await !source.isEntitled(userID: user, now: now.addingTimeInterval(10)))
        #expect(try await store.entitlement(for: user)?.isActive == false)
      }
      #expect(server.requests.count == 3)
    }
  }

  @Test func revenueCatDownFailsClosedUnlessARecordIsStored() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      server.enqueue(.status(503), .status(401), method: .get, path: "/v1/subscribers/user-1")
      let source = source(server)
      for _ in 0..<2 {
        let error = await #expect(throws: RevenueCatError.self) {
          try await source.isEntitled(userID: "user-1", now: now)
        }
        #expect(!"\(String(describing: error))".contains(Self.secretKey))
      }
      try await store.saveEntitlement(
        EntitlementRecord(
          userID: "user-1", isActive: true, expiresAt: now.addingTimeInterval(60),
          fetchedAt: now.addingTimeInterval(-3600), source: "revenuecat"))
      server.enqueue(.status(500), method: .get, path: "/v1/subscribers/user-1")
      #expect(try await source.isEntitled(userID: "user-1", now: now))
    }
  }

  @Test func aStoreThatCannotAnswerFailsClosed() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      await store.failEveryCall(with: .unavailable("down"))
      await #expect(throws: ServerStoreError.unavailable("down")) {
        try await source(server).isEntitled(userID: "user-1", now: now)
      }
      #expect(server.requests.isEmpty)
    }
  }
}

extension RevenueCatEntitlements {
  /// Asks RevenueCat (the stored record is older than any cache) and returns what was saved.
  func fetchedRecord(
    userID: String, now: Date, store: InMemoryServerStore
  ) async throws -> EntitlementRecord {
    _ = try await isEntitled(userID: userID, now: now)
    return try #require(try await store.entitlement(for: userID))
  }
}
