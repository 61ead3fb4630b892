import Core
import Foundation

/// `POST /rest/v1/rpc/sync_pull` and `…/sync_push` in PostgREST's shapes (docs/SYNC.md §4),
/// over a `SyncStore`: the function's arguments as one JSON object in, its JSON value out
/// (200), and every refusal as `{"code","details","hint","message"}` with PostgREST's status.
/// `sync_pull` also answers GET with its arguments as query parameters, since it only reads.
///
/// A request is judged in this order, the cheap and unauthenticated checks first, so a caller
/// without a user's token never costs a parse of the body:
/// 1. the body's size (413 `54000`) and the `apikey` header (401 `no_api_key`, as on the
///    auth routes);
/// 2. the method (405 `PGRST101`) and the function's name (404 `PGRST202`);
/// 3. the caller: no token or the anon key (401 `42501`), a token that fails verification
///    (401 `PGRST301`), a verified token that is not a user's (403 `42501`);
/// 4. GET on `sync_push` (405 `25006`), then the arguments (400 `PGRST102`, 404 `PGRST202`,
///    400 `22P02` / `22003` / `22023`);
/// 5. the store, whose refusals pass through unchanged.
///
/// Decisions 165-168 give the reasons.
public struct SyncRoutes: Sendable {
  /// The path prefix of the functions.
  public static let prefix = "/rest/v1/rpc/"
  /// The route pattern that reaches `handle`, for every method.
  public static let pattern = "/rest/v1/rpc/:function"
  /// The default largest body (`SYNC_MAX_BODY_BYTES`): 32 MiB.
  public static let defaultMaximumBodyBytes = 32 * 1024 * 1024
  /// PostgREST's content type for JSON answers.
  static let contentType = "application/json; charset=utf-8"

  let store: any SyncStore
  let tokens: any AccessTokenJudging
  let keyring: AuthKeyring
  let clock: AppClock
  /// The largest body answered; a longer one gets 413.
  public let maximumBodyBytes: Int

  /// Routes over `store`.
  /// - Parameters:
  ///   - tokens: the judge of access tokens, the same the proxy uses (kiln-server's
  ///     `AuthKeyringTrustingJudge`).
  ///   - keyring: the auth service's keys, which say whether `apikey` (or a bearer token)
  ///     is one of the project's API keys.
  ///   - maximumBodyBytes: the largest body answered (`SYNC_MAX_BODY_BYTES`).
  public init(
    store: any SyncStore, tokens: any AccessTokenJudging, keyring: AuthKeyring, clock: AppClock,
    maximumBodyBytes: Int = SyncRoutes.defaultMaximumBodyBytes
  ) {
    self.store = store
    self.tokens = tokens
    self.keyring = keyring
    self.clock = clock
    self.maximumBodyBytes = maximumBodyBytes
  }

  /// The answer to `request`, with a log note naming the function, the user once known
  /// and the refusal's code; never a token, an argument or a row.
  public func handle(_ request: BackendRequest) async -> BackendResponse {
    let note = BackendLogNote()
    var response: BackendResponse
    do throws(SyncCallError) {
      let body = try await answer(request, note: note)
      response = BackendResponse(
        status: 200, headers: [("Content-Type", Self.contentType)], body: Array(body.utf8))
    } catch {
      note.update { $0.refusal = error.code }
      response = error.response
    }
    response.logNote = note
    return response
  }

  private func answer(
    _ request: BackendRequest, note: BackendLogNote
  ) async throws(SyncCallError) -> String {
    guard request.body.count <= maximumBodyBytes else {
      throw .bodyTooLarge(limit: maximumBodyBytes)
    }
    try await requireAPIKey(request)
    let readsQuery: Bool
    switch request.method {
    case "POST": readsQuery = false
    case "GET", "HEAD": readsQuery = true
    default: throw .methodNotAllowed
    }
    guard let function = Self.function(at: request.path) else { throw .unknownFunction }
    note.update { $0.syncFunction = function.rawValue }
    let caller = try await caller(of: request, calling: function)
    note.update { $0.userID = caller.userID.uuidString.lowercased() }
    if readsQuery, !function.isReadOnly { throw .readOnly(function) }
    let call =
      readsQuery
      ? try SyncArguments.call(function, query: request.query)
      : try SyncArguments.call(function, body: request.body)
    return try await store.perform(call, as: caller)
  }

  /// The function `path` names: its last segment under `prefix`, when it is one of ours.
  static func function(at path: String) -> SyncFunction? {
    guard path.hasPrefix(prefix) else { return nil }
    let segments = path.dropFirst(prefix.count).split(separator: "/")
    guard segments.count == 1, let name = segments.first else { return nil }
    return SyncFunction(rawValue: String(name))
  }
}
