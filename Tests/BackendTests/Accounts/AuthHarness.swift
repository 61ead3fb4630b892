import Backend
import Core
import Foundation
import JOSE
import Synchronization
import TestSupport
import Testing

/// An `AuthService` over an in-memory store and a manual clock, with cheap scrypt
/// parameters, and helpers that speak to it as a Supabase client would.
struct AuthHarness {
  static let issuer = "http://127.0.0.1:54321/auth/v1"
  static let cheapScrypt: Scrypt = {
    do {
      return try Scrypt(cost: 16, blockSize: 1, parallelization: 1)
    } catch {
      return .passwordDefault
    }
  }()

  /// What the service answered: the status, the header fields and the body as JSON.
  struct Answer {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    var json: [String: StrictJSONValue] {
      (try? StrictJSONParser().parseObject(body)) ?? [:]
    }
    subscript(name: String) -> StrictJSONValue? { json[name] }
    var string: [String: String] { json.compactMapValues(\.stringValue) }
    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
    /// The error code in either of GoTrue's shapes.
    var errorCode: String? { json["error_code"]?.stringValue ?? json["code"]?.stringValue }
  }

  let clock: ManualClock
  let store = InMemoryAuthStore()
  let hook = DeletionHook()
  let mailer = RecordingMailer()
  let service: AuthService

  init(
    clock: ManualClock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000)),
    idTokens: IDTokenVerifier? = nil, configure: (inout AuthConfiguration) -> Void = { _ in }
  ) {
    self.clock = clock
    var configuration = AuthConfiguration(issuer: Self.issuer, scrypt: Self.cheapScrypt)
    configure(&configuration)
    let hook = self.hook
    let store = self.store
    let base = AuthService(
      store: store, configuration: configuration, clock: clock.appClock,
      uuid: .incrementing(from: 1), mailer: mailer
    ) { userID in
      var exists = false
      if let id = UUID(uuidString: userID) { exists = try await store.user(id: id) != nil }
      try hook.call(userID, accountExists: exists)
    }
    service = idTokens.map(base.signingIn(with:)) ?? base
  }

  var anonKey: String {
    get async throws { try await service.keyring.apiKeys().anonKey }
  }

  /// Sends one request; `apikey` is the anon key unless given (pass `""` for none).
  func send(
    _ method: String, _ path: String, query: [(String, String)] = [], json: String? = nil,
    bearer: String? = nil, apikey: String? = nil,
    extraHeaders: [(name: String, value: String)] = []
  ) async throws -> Answer {
    var headers = extraHeaders
    var key = apikey ?? ""
    if apikey == nil { key = try await anonKey }
    if !key.isEmpty { headers.append(("apikey", key)) }
    if let bearer { headers.append(("Authorization", "Bearer " + bearer)) }
    let request = BackendRequest(
      method: method, path: path, query: query.map { (name: $0.0, value: $0.1) },
      headers: headers, body: Array((json ?? "").utf8))
    let response = await service.handle(request)
    guard case .bytes(let body) = response.body else {
      Issue.record("the auth service streamed a body")
      return Answer(status: response.status, headers: response.headers, body: [])
    }
    return Answer(status: response.status, headers: response.headers, body: body)
  }

  func signUp(
    _ email: String = "ada@example.com", password: String = "correct horse",
    data: String? = nil
  ) async throws -> Answer {
    let dataMember = data.map { ",\"data\":" + $0 } ?? ""
    return try await send(
      "POST", "/auth/v1/signup",
      json: "{\"email\":\(JSONText.quoted(email)),\"password\":\(JSONText.quoted(password))"
        + dataMember + "}")
  }

  func signIn(
    _ email: String = "ada@example.com", password: String = "correct horse"
  )
    async throws -> Answer
  {
    try await send(
      "POST", "/auth/v1/token", query: [("grant_type", "password")],
      json: "{\"email\":\(JSONText.quoted(email)),\"password\":\(JSONText.quoted(password))}")
  }

  func refresh(_ token: String) async throws -> Answer {
    try await send(
      "POST", "/auth/v1/token", query: [("grant_type", "refresh_token")],
      json: "{\"refresh_token\":\(JSONText.quoted(token))}")
  }

  func user(_ accessToken: String) async throws -> Answer {
    try await send("GET", "/auth/v1/user", bearer: accessToken)
  }

  /// The JWKS the service publishes, read as the proxy reads it.
  func publishedKeys() async throws -> JWKSet {
    let answer = try await send("GET", "/auth/v1/.well-known/jwks.json", apikey: "")
    #expect(answer.status == 200)
    return try JWKSet(json: answer.body)
  }

  /// A verifier as the proxy configures it from this service's JWKS.
  func proxyVerifier(hmacSecret: String? = nil) async throws -> JWTVerifier {
    try JWTVerifier(
      hmacSecret: hmacSecret, keys: try await publishedKeys().keys, issuer: Self.issuer,
      clock: clock.appClock)
  }

  /// The service's current ES256 signing key, taken from the store (for tokens that are
  /// correctly signed but wrong in another way).
  func storedSigningKey() async throws -> (key: P256PrivateKey, keyID: String) {
    let record = try #require(try await store.signingKeys().last)
    let jwk = try JWK(jsonText: record.privateJWK)
    let key = try P256PrivateKey(
      d: try #require(jwk.d), x: try #require(jwk.x), y: try #require(jwk.y))
    return (key, record.keyID)
  }
}

/// Records the user ids the delete-account hook was called with, and whether the account
/// still existed at each call; can be made to fail, every call or one by its number (failed
/// calls are counted, not recorded).
final class DeletionHook: Sendable {
  private struct State {
    var calls: [(userID: String, accountExisted: Bool)] = []
    var count = 0
    var fails = false
    var failingCall: Int?
  }

  private let state = Mutex(State())

  var erased: [String] { state.withLock { $0.calls.map(\.userID) } }

  /// For each call, whether the account still existed then.
  var accountExisted: [Bool] { state.withLock { $0.calls.map(\.accountExisted) } }

  func failNextCalls(_ fails: Bool) { state.withLock { $0.fails = fails } }

  /// Makes call `number` (from 1, counting every call) fail, and no other.
  func failCall(number: Int) { state.withLock { $0.failingCall = number } }

  func call(_ userID: String, accountExists: Bool) throws {
    try state.withLock { state in
      state.count += 1
      if state.fails || state.failingCall == state.count {
        throw ServerStoreError.unavailable("erase failed")
      }
      state.calls.append((userID, accountExists))
    }
  }
}

extension StrictJSONValue {
  /// The member `name` of an object value.
  subscript(name: String) -> StrictJSONValue? { objectValue?[name] }
}
