import Backend
import Core
import Foundation
import JOSE
import Networking
import Synchronization
import TestSupport
import Testing

/// A proxy wired to real parts: HS256 tokens from `JWTSigner`, the in-memory store with
/// operator grants for subscribers, and (unless `echo`) a loopback upstream reached through
/// the real `URLSessionHTTPClient`.
struct ProxyHarness {
  static let secret = "proxy-tests-secret-of-at-least-32-bytes"
  static let upstreamKey = "sk-upstream-test-key-0123456789"

  let clock: ManualClock
  let store: InMemoryServerStore
  let upstream: LoopbackHTTPServer?
  let metrics: ProxyMetrics
  let service: ProxyService
  let signer: JWTSigner
  /// The retry backoffs the proxy slept, in order.
  let sleeps: SleepLog

  /// - Parameters:
  ///   - echo: no upstream; the echo model answers.
  ///   - entitlements: replaces the grants-only source.
  ///   - configure: changes the configuration's arguments.
  init(
    echo: Bool = false, store: InMemoryServerStore? = nil,
    entitlements: (any EntitlementSource)? = nil, storeOverride: (any ServerStore)? = nil,
    upstreamTimeouts: HTTPTimeouts = .standard, upstreamURL: URL? = nil,
    logger: AppLogger = .disabled,
    configure: (inout Arguments) -> Void = { _ in }
  ) throws {
    let clock = ManualClock()
    self.clock = clock
    let store = store ?? InMemoryServerStore()
    self.store = store
    let upstream: LoopbackHTTPServer?
    if echo || upstreamURL != nil {
      upstream = nil
    } else {
      upstream = try LoopbackHTTPServer()
    }
    self.upstream = upstream
    var arguments = Arguments()
    configure(&arguments)
    let base = upstreamURL ?? upstream?.url("/api/v1")
    let configuration = try ProxyConfiguration(
      allowedModels: arguments.models, modelAliases: arguments.aliases,
      maxTokens: arguments.maxTokens, rateLimit: arguments.rateLimit,
      freeMessageLimit: arguments.freeLimit, personas: arguments.personas,
      messageBounds: arguments.bounds, memoryBounds: arguments.memories,
      upstream: base.map {
        ProxyConfiguration.Upstream(
          baseURL: $0, apiKey: Self.upstreamKey, timeouts: upstreamTimeouts)
      },
      retryBudget: arguments.retryBudget)
    signer = try JWTSigner(hmacSecret: Self.secret)
    let verifier = try JWTVerifier(hmacSecret: Self.secret, clock: clock.appClock)
    let sleeps = SleepLog()
    self.sleeps = sleeps
    let metrics = ProxyMetrics()
    self.metrics = metrics
    // Keep-alive waits (15 s) suspend on the manual clock until a test advances it; retry
    // backoffs (at most 2 s) return at once and are recorded.
    let sleep: @Sendable (Duration) async throws -> Void = { duration in
      if duration >= .seconds(15) { return try await clock.sleep(for: duration) }
      try Task.checkCancellation()
      sleeps.append(duration)
    }
    service = ProxyService(
      configuration: configuration, tokens: verifier,
      entitlements: entitlements ?? GrantsOnlyEntitlements(store: store),
      store: storeOverride ?? store,
      upstream: URLSessionHTTPClient(baseURL: nil, clock: clock.appClock, logger: logger),
      clock: clock.appClock, sleep: sleep, makeIdentifier: .incrementing(), metrics: metrics,
      logger: logger)
  }

  /// What tests may change in the configuration.
  struct Arguments {
    var models = ProxyConfiguration.standardModels
    var aliases: [String: String] = [:]
    var maxTokens = 512
    var rateLimit = RateLimit(count: 60, period: 3600)
    var freeLimit = 10
    var personas: [String: String] = [:]
    var bounds = ProxyConfiguration.MessageBounds.standard
    var memories = ProxyConfiguration.MemoryBounds.standard
    var retryBudget = 2
  }

  /// Stops the upstream, which reports unused scripts and unexpected requests.
  func stop() {
    upstream?.stop()
  }

  /// A user's access token for `subject`.
  func token(_ subject: String = "user-1", role: String = "authenticated") throws -> String {
    let now = clock.now.timeIntervalSince1970
    return try signer.sign(claims: [
      "sub": .string(subject), "role": .string(role), "aud": .string("authenticated"),
      "exp": .number(now + 3600), "iat": .number(now),
    ])
  }

  /// Makes `subject` a subscriber through an operator grant.
  func subscribe(_ subject: String) async throws {
    try await store.grant(
      userID: subject, until: clock.now.addingTimeInterval(86_400), now: clock.now)
  }

  /// A chat request with `body` and the bearer `token`.
  static func request(
    _ body: String, token: String?, path: String = "/functions/v1/ai", requestID: String = "req-1"
  ) -> BackendRequest {
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let token { headers.append(("Authorization", "Bearer " + token)) }
    return BackendRequest(
      method: "POST", path: path, headers: headers, body: Array(body.utf8), requestID: requestID)
  }

  /// The contract's smallest body: one user message.
  static func body(
    _ content: String = "Hello there", model: String? = nil, extra: String = ""
  ) -> String {
    let modelField = model.map { #""model":"\#($0)","# } ?? ""
    return #"{\#(modelField)"messages":[{"role":"user","content":"\#(content)"}]\#(extra)}"#
  }

  /// Sends one `/functions/v1/ai` request for `subject` with `body`.
  func ask(
    _ body: String = ProxyHarness.body(), subject: String = "user-1"
  ) async throws
    -> BackendResponse
  {
    await service.handleAI(Self.request(body, token: try token(subject)))
  }

  /// Queues one upstream event stream for a chat completion.
  func scriptStream(_ steps: [LoopbackResponse.Step], headers: [String: String] = [:]) {
    var response = LoopbackResponse.eventStream(steps)
    for (name, value) in headers { response = response.header(name, value) }
    upstream?.enqueue(response, method: .post, path: "/api/v1/chat/completions")
  }

  /// Queues one upstream answer.
  func scriptResponse(_ response: LoopbackResponse) {
    upstream?.enqueue(response, method: .post, path: "/api/v1/chat/completions")
  }

  /// The usage ledger of `subject`, once the lines of answers already given are written.
  func ledger(_ subject: String = "user-1") async throws -> [UsageRecord] {
    await service.finishLedgerWrites()
    return try await store.usage(for: subject)
  }
}

/// The durations a sleeper was asked for.
final class SleepLog: Sendable {
  private let state = Mutex<[Duration]>([])

  func append(_ duration: Duration) {
    state.withLock { $0.append(duration) }
  }

  var durations: [Duration] { state.withLock { $0 } }
}

extension LoopbackResponse.Step {
  /// The text of a `.data` step (empty for other steps).
  var text: String {
    if case .data(let data) = self { return String(decoding: data, as: UTF8.self) }
    return ""
  }
}

/// The upstream's pieces, as OpenRouter sends them.
enum UpstreamScript {
  static func chunk(_ content: String, id: String = "gen-1") -> String {
    #"data: {"id":"\#(id)","object":"chat.completion.chunk","model":"openai/gpt-3.5-turbo","choices":[{"index":0,"delta":{"content":"\#(content)"},"finish_reason":null}]}"#
      + "\n\n"
  }

  static func finish(id: String = "gen-1") -> String {
    #"data: {"id":"\#(id)","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
      + "\n\n"
  }

  static func usage(prompt: Int = 12, completion: Int = 3, id: String = "gen-1") -> String {
    #"data: {"id":"\#(id)","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":\#(prompt),"completion_tokens":\#(completion),"total_tokens":\#(prompt + completion),"cost":0.0001}}"#
      + "\n\n"
  }

  static let done = "data: [DONE]\n\n"

  /// A whole, finished reply.
  static func reply(_ words: [String] = ["Hi", " there"]) -> [LoopbackResponse.Step] {
    words.map { .text(chunk($0)) } + [.text(finish()), .text(usage()), .text(done)]
  }
}

/// A client connection as a streamed body sees it: it records every write, lets a test
/// wait for text, and can hang up after some writes.
final class RecordingBodyWriter: BackendBodyWriter {
  struct HungUp: Error {}

  private struct Waiter {
    var id: Int
    var needle: String
    var continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var bytes: [UInt8] = []
    var writes = 0
    /// How many bytes had been written at each empty write (a head sent alone).
    var emptyWritesAt: [Int] = []
    var finished = false
    var waiters: [Waiter] = []
    var nextWaiter = 0

    var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  private let state = Mutex(State())
  private let hangUpAfter: Int?

  /// A writer that throws on every write after the first `hangUpAfter` (never when `nil`);
  /// empty writes are not counted, but throw once it has hung up.
  init(hangUpAfter: Int? = nil) {
    self.hangUpAfter = hangUpAfter
  }

  func write(_ bytes: [UInt8]) async throws {
    let (accepted, ready) = state.withLock { state -> (Bool, [Waiter]) in
      if let hangUpAfter, state.writes >= hangUpAfter { return (false, []) }
      if bytes.isEmpty {
        state.emptyWritesAt.append(state.bytes.count)
        return (true, [])
      }
      state.writes += 1
      state.bytes += bytes
      let text = state.text
      let ready = state.waiters.filter { text.contains($0.needle) }
      state.waiters.removeAll { text.contains($0.needle) }
      return (true, ready)
    }
    for waiter in ready { waiter.continuation.resume(returning: true) }
    guard accepted else { throw HungUp() }
  }

  /// Ends every wait with `false` (call it when the producer has returned).
  func finish() {
    let waiting = state.withLock { state -> [Waiter] in
      state.finished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiting { waiter.continuation.resume(returning: false) }
  }

  /// Everything written, as text.
  var text: String { state.withLock { $0.text } }

  /// How many bytes had been written at each empty write.
  var emptyWritesAt: [Int] { state.withLock { $0.emptyWritesAt } }

  /// Waits until the text contains `needle`; `false` if the producer finished first, or
  /// after `timeout` as a safety net so a broken producer fails the test instead of hanging
  /// it (no test relies on the timeout).
  func waitFor(_ needle: String, timeout: Duration = .seconds(10)) async -> Bool {
    let id = state.withLock { state -> Int in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    let expiry = Task { [weak self] in
      try await Task.sleep(for: timeout)
      self?.expire(id)
    }
    defer { expiry.cancel() }
    return await withCheckedContinuation { continuation in
      let answer = state.withLock { state -> Bool? in
        if state.text.contains(needle) { return true }
        if state.finished { return false }
        state.waiters.append(Waiter(id: id, needle: needle, continuation: continuation))
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  private func expire(_ id: Int) {
    let waiter = state.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    waiter?.continuation.resume(returning: false)
  }
}

extension BackendResponse {
  /// The body of a whole response as text.
  var bodyText: String {
    if case .bytes(let bytes) = body { return String(decoding: bytes, as: UTF8.self) }
    return ""
  }

  /// The JSON error code of a refusal.
  var errorCode: String? {
    guard case .bytes(let bytes) = body,
      let members = try? StrictJSONParser().parseObject(bytes)
    else { return nil }
    return members["error"]?.objectValue?["code"]?.stringValue
  }

  /// Runs a streamed body into a recording writer and returns what it wrote.
  func streamedText(_ writer: RecordingBodyWriter = RecordingBodyWriter()) async throws -> String {
    guard case .stream(let stream) = body else { return bodyText }
    try await stream.produce(writer)
    return writer.text
  }
}
