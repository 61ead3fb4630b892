import Core
import Foundation
import JOSE
import Networking

/// The AI proxy (issue #17, decisions 5, 6 and 18): it checks who is asking and whether
/// they may, charges the free message or rate-limit slot, and streams the model's answer
/// through without ever showing the provider's key.
///
/// Every chat request runs the checks in this order, each before any upstream cost:
/// access token (401, or 403 for `service_role`), entitlement, free quota or rate limit,
/// body size, shape and model, message bounds, roles, persona and memories; then the
/// charge (`admit` with `charge: true`, so a lost race is refused like any other request);
/// then the upstream. The body's checks need no store, so they are made before the quota's:
/// a body that passes goes straight to the charge, which judges the quota itself, and only
/// a refused body is answered after a look at the quota that charges nothing, so the
/// refusal is still the first in the contract's order. An upstream that fails before any
/// of the reply reached the client gives the free message back (decision 133). Store and
/// entitlement errors refuse with 503 (fail closed). Every answer to a user without the
/// entitlement carries `X-Free-Messages-Remaining`, and every chat answer a
/// `BackendLogNote` for the access log (decision 134).
///
/// Handlers never throw: every failure is an answer in the contract's shape.
public struct ProxyService: Sendable {
  /// The header that tells non-subscribers their quota.
  public static let freeMessagesHeader = "X-Free-Messages-Remaining"

  let configuration: ProxyConfiguration
  let tokens: any AccessTokenJudging
  let entitlements: any EntitlementSource
  let store: any ServerStore
  let upstream: any HTTPClient
  let clock: AppClock
  let sleep: @Sendable (Duration) async throws -> Void
  let makeIdentifier: UUIDGenerator
  let metrics: ProxyMetrics
  let logger: AppLogger
  /// Records and counts each admitted request's reply once it has ended.
  let settlement: ReplySettlement

  /// A proxy over its injected parts.
  /// - Parameters:
  ///   - configuration: models, bounds, quota, personas and the upstream (or the echo).
  ///   - tokens: judges the `Authorization` header.
  ///   - entitlements: says who has the paid entitlement.
  ///   - store: admission counters and the usage ledger.
  ///   - upstream: the HTTP client the provider is called through.
  ///   - clock: the request's time for admission, the ledger and latencies.
  ///   - sleep: waits for keep-alive intervals and retry backoff.
  ///   - makeIdentifier: names echo replies and requests that came without an id.
  ///   - metrics: where latency, tokens and refusals are counted.
  ///   - logger: one line per ledger failure or upstream failure; never content or keys.
  ///   - lateLedgerWrites: counts the ledger lines written after their answer, for whoever
  ///     must wait for them (shutdown, the erasing of a deleted account's data).
  public init(
    configuration: ProxyConfiguration, tokens: any AccessTokenJudging,
    entitlements: any EntitlementSource, store: any ServerStore, upstream: any HTTPClient,
    clock: AppClock, sleep: @escaping @Sendable (Duration) async throws -> Void,
    makeIdentifier: UUIDGenerator, metrics: ProxyMetrics, logger: AppLogger = .disabled,
    lateLedgerWrites: LateLedgerWrites = LateLedgerWrites()
  ) {
    self.configuration = configuration
    self.tokens = tokens
    self.entitlements = entitlements
    self.store = store
    self.upstream = upstream
    self.clock = clock
    self.sleep = sleep
    self.makeIdentifier = makeIdentifier
    self.metrics = metrics
    self.logger = logger
    settlement = ReplySettlement(
      store: store, clock: clock, metrics: metrics, logger: logger,
      lateWrites: lateLedgerWrites)
  }

  /// `POST /functions/v1/ai`: decision 5's contract, as `ProxyLLMClient` speaks it. The body
  /// streams unless it says `"stream": false`.
  public func handleAI(_ request: BackendRequest) async -> BackendResponse {
    await handleChat(request, streamByDefault: true)
  }

  /// `POST /v1/chat/completions`: OpenAI's request shape; `stream` defaults to `false`, as
  /// OpenAI's does, and then the answer is one `chat.completion` object.
  public func handleChatCompletions(_ request: BackendRequest) async -> BackendResponse {
    await handleChat(request, streamByDefault: false)
  }

  /// Returns once the ledger lines of answers already given are written: call it after the
  /// HTTP server has stopped, before the store closes.
  public func finishLedgerWrites() async {
    await settlement.finishLateWrites()
  }

  /// `GET /v1/models`: the allowed models in OpenAI's list shape, for a signed-in user.
  public func handleModels(_ request: BackendRequest) async -> BackendResponse {
    switch await judgeUser(request) {
    case .failure(let error): return refuse(error, freeRemaining: nil)
    case .success: break
    }
    let entries: [StrictJSONValue] = configuration.allowedModels.map { model in
      let owner = model.split(separator: "/", maxSplits: 1).first.map(String.init) ?? "kiln"
      return .object([
        "id": .string(model), "object": .string("model"), "created": .number(0),
        "owned_by": .string(owner),
      ])
    }
    let body = JSONText.serialize(.object(["object": .string("list"), "data": .array(entries)]))
    return .json(status: 200, Array(body.utf8))
  }

  /// A chat request, answered with the note the access log reads (decision 134).
  private func handleChat(
    _ request: BackendRequest, streamByDefault: Bool
  ) async
    -> BackendResponse
  {
    let note = BackendLogNote()
    var response = await chat(request, streamByDefault: streamByDefault, note: note)
    response.logNote = note
    return response
  }

  private func chat(
    _ request: BackendRequest, streamByDefault: Bool, note: BackendLogNote
  ) async
    -> BackendResponse
  {
    let startedAt = clock.now()
    let userID: String
    switch await judgeUser(request) {
    case .failure(let error): return refuse(error, freeRemaining: nil, note: note)
    case .success(let subject): userID = subject
    }
    note.update { $0.userID = userID }
    let admission: Admission
    switch await entitle(userID: userID, now: startedAt) {
    case .failure(let refusal):
      return refuse(refusal.error, freeRemaining: refusal.freeRemaining, note: note)
    case .success(let entitled): admission = entitled
    }
    // The body's checks cost no store call, so they run first; the quota is only looked at
    // (without charging) when the body is refused, to answer in the contract's order. A body
    // that passes goes straight to the charge, which judges the quota itself.
    let chat: ProxyChatRequest
    do {
      chat = try ProxyChatRequest.parse(
        request.body, streamByDefault: streamByDefault, configuration: configuration)
    } catch {
      switch await look(admission, now: startedAt) {
      case .failure(let refusal):
        return refuse(refusal.error, freeRemaining: refusal.freeRemaining, note: note)
      case .success(let looked):
        return refuse(error, freeRemaining: looked.freeRemaining, note: note)
      }
    }
    let charged: Admission
    switch await charge(admission, now: startedAt) {
    case .failure(let refusal):
      return refuse(refusal.error, freeRemaining: refusal.freeRemaining, note: note)
    case .success(let admitted): charged = admitted
    }
    note.update { $0.model = chat.model }
    let exchange = Exchange(
      requestID: request.requestID.isEmpty
        ? makeIdentifier().uuidString.lowercased() : request.requestID,
      userID: userID, model: chat.model, startedAt: startedAt,
      freeRemaining: charged.freeRemaining,
      freeBucket: charged.freeAllowance?.period.bucket(at: startedAt), note: note)
    return await answer(chat, exchange: exchange)
  }

  /// Who the request speaks for: a user's subject, or the refusal.
  private func judgeUser(_ request: BackendRequest) async -> Result<String, APIError> {
    let principal: Principal
    do {
      principal = try await tokens.principal(authorization: request.header("Authorization"))
    } catch {
      // The rule goes to the operator's tool (`kiln-server token verify`), not the client:
      // the answer names neither the token nor why it failed.
      return .failure(
        APIError(status: 401, code: "unauthorized", message: "A valid access token is required."))
    }
    switch principal {
    case .user(let subject, _): return .success(subject)
    case .serviceRole:
      return .failure(
        APIError(
          status: 403, code: "forbidden",
          message: "The service role key cannot be used on user routes."))
    }
  }

  /// `error` as the answer, with the quota header for a non-subscriber, counted by code and
  /// named in `note` for the access log.
  func refuse(
    _ error: APIError, freeRemaining: Int?, note: BackendLogNote? = nil
  ) -> BackendResponse {
    metrics.recordRefusal(code: error.code)
    note?.update { $0.refusal = error.code }
    var error = error
    if let freeRemaining {
      error.headers.append(.init(name: Self.freeMessagesHeader, value: String(freeRemaining)))
    }
    return error.response
  }
}
