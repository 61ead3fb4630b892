import Core
import Foundation
import JOSE
import Synchronization
import TestSupport
import Testing

@testable import Backend

/// `SyncRoutes` as kiln-server composes it by default: ES256 access tokens from the auth
/// service's keyring, no `JWT_SECRET` or `JWT_JWKS`, the keyring-trusting judge.
struct SyncRoutesRig {
  static let issuer = "http://127.0.0.1:54321/auth/v1"

  /// What the routes answered: the status, the header fields and the body.
  struct Answer {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]
    let log: BackendLogFields?

    var json: StrictJSONValue? { try? StrictJSONParser().parse(body) }
    subscript(name: String) -> StrictJSONValue? { json?.objectValue?[name] }
    var code: String? { self["code"]?.stringValue }
    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
  let keyring: AuthKeyring
  let routes: SyncRoutes

  init(store: any SyncStore, maximumBodyBytes: Int = SyncRoutes.defaultMaximumBodyBytes) throws {
    keyring = AuthKeyring(
      store: InMemoryAuthStore(), configuration: AuthConfiguration(issuer: Self.issuer),
      clock: clock.appClock)
    let configured = try JWTVerifier(clock: clock.appClock)
    routes = SyncRoutes(
      store: store, tokens: AuthKeyringTrustingJudge(configured: configured, keyring: keyring),
      keyring: keyring, clock: clock.appClock, maximumBodyBytes: maximumBodyBytes)
  }

  /// An access token the keyring signs, as sign-in would mint it, with `claims` added.
  func token(
    sub: String, role: String = "authenticated", lifetime: Double = 3600,
    claims extra: [String: StrictJSONValue] = [:]
  ) async throws -> String {
    let now = clock.now.timeIntervalSince1970
    let claims: [String: StrictJSONValue] = [
      "iss": .string(Self.issuer), "sub": .string(sub), "role": .string(role),
      "aud": .string("authenticated"), "iat": .number(now), "exp": .number(now + lifetime),
    ]
    return try await keyring.signer().sign(claims: claims.merging(extra) { $1 })
  }

  /// `user`'s access token.
  func token(for user: UUID) async throws -> String {
    try await token(sub: user.uuidString.lowercased())
  }

  var anonKey: String { get async throws { try await keyring.apiKeys().anonKey } }
  var serviceRoleKey: String {
    get async throws { try await keyring.apiKeys().serviceRoleKey }
  }

  /// Sends one request to `/rest/v1/rpc/<function>`; `apikey` is the anon key unless given
  /// (`""` sends none).
  func send(
    _ function: String, method: String = "POST", body: String? = nil,
    query: [(name: String, value: String)] = [], bearer: String?, apikey: String? = nil
  ) async throws -> Answer {
    var headers: [(name: String, value: String)] = []
    var key = apikey ?? ""
    if apikey == nil { key = try await anonKey }
    if !key.isEmpty { headers.append(("apikey", key)) }
    if let bearer { headers.append(("Authorization", "Bearer " + bearer)) }
    if body != nil { headers.append(("Content-Type", "application/json")) }
    let request = BackendRequest(
      method: method, path: SyncRoutes.prefix + function, query: query, headers: headers,
      body: Array((body ?? "").utf8))
    let response = await routes.handle(request)
    guard case .bytes(let bytes) = response.body else {
      Issue.record("the sync routes streamed a body")
      return Answer(status: response.status, headers: response.headers, body: [], log: nil)
    }
    return Answer(
      status: response.status, headers: response.headers, body: bytes,
      log: response.logNote?.fields)
  }

  /// `sync_push` of `changes` as `user`.
  func push(_ changes: [SyncJSON], as user: UUID) async throws -> Answer {
    try await send(
      "sync_push", body: #"{"changes":\#(try jsonText(.array(changes)))}"#,
      bearer: try await token(for: user))
  }

  /// `sync_pull` from `since` as `user`.
  func pull(since: Int = 0, maxRows: Int = 100, as user: UUID) async throws -> Answer {
    try await send(
      "sync_pull", body: #"{"since":\#(since),"max_rows":\#(maxRows)}"#,
      bearer: try await token(for: user))
  }
}

/// A store that must not be asked: the route refuses before it (a call records an issue).
struct UnaskedSyncStore: SyncStore {
  func perform(_ call: SyncCall, as caller: SyncCaller) async throws(SyncCallError) -> String {
    Issue.record("the store was asked: \(call)")
    throw SyncCallError(status: 500, code: "XX000", message: "unexpected call")
  }

  func deleteSyncedRows(of user: UUID) async throws {
    Issue.record("the store was asked to delete rows")
  }
}

/// A store that records each call and answers `answer`; deleting rows records an issue.
final class RecordingSyncStore: SyncStore {
  let answer: Result<String, SyncCallError>
  private let recorded = Mutex<[(call: SyncCall, caller: SyncCaller)]>([])

  init(answer: Result<String, SyncCallError>) {
    self.answer = answer
  }

  var calls: [(call: SyncCall, caller: SyncCaller)] { recorded.withLock { $0 } }

  func perform(_ call: SyncCall, as caller: SyncCaller) async throws(SyncCallError) -> String {
    recorded.withLock { $0.append((call, caller)) }
    return try answer.get()
  }

  func deleteSyncedRows(of user: UUID) async throws {
    Issue.record("the store was asked to delete rows")
  }
}
