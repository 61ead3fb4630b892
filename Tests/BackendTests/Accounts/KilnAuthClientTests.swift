import Auth
import Backend
import Core
import Dispatch
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing

/// Kiln's own GoTrue client, over a real loopback socket, against `AuthService`.
///
/// kiln-server's HTTP wiring is not part of Backend, so the loopback test server stands in
/// for it: each request becomes a `BackendRequest` and the service's answer goes back as is.
@Suite struct KilnAuthClientTests {
  struct Rig {
    let harness = AuthHarness()
    let server: LoopbackHTTPServer
    let client: GoTrueClient

    init() async throws {
      server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
      let service = harness.service
      for path in [
        "/auth/v1/signup", "/auth/v1/token", "/auth/v1/logout", "/auth/v1/user",
        "/functions/v1/delete-account",
      ] {
        server.serve(nil, path) { request in Self.answer(request, with: service) }
      }
      let config = AuthConfig(
        supabaseURL: server.baseURL, supabaseAnonKey: try await harness.anonKey)
      let http = URLSessionHTTPClient(
        baseURL: nil, clock: .live, logger: AppLogger(minimumLevel: .error, sinks: []))
      client = GoTrueClient(config: config, httpClient: http, clock: harness.clock.appClock)
    }

    /// Runs the async service from the server's connection thread (not a Swift
    /// concurrency thread, so waiting on it here blocks nothing else).
    static func answer(_ request: LoopbackRequest, with service: AuthService) -> LoopbackResponse {
      let backend = BackendRequest(
        method: request.method, path: request.path,
        query: request.queryItems.map { (name: $0.name, value: $0.value ?? "") },
        headers: request.headers.fields.map { (name: $0.name, value: $0.value) },
        body: Array(request.body))
      let done = DispatchSemaphore(value: 0)
      let answer = Mutex<BackendResponse?>(nil)
      Task {
        let response = await service.handle(backend)
        answer.withLock { $0 = response }
        done.signal()
      }
      done.wait()
      guard let response = answer.withLock({ $0 }), case .bytes(let body) = response.body else {
        return .status(500)
      }
      var headers = HTTPHeaders()
      for field in response.headers { headers.add(name: field.name, value: field.value) }
      return LoopbackResponse(
        status: response.status, headers: headers, body: body.isEmpty ? .empty : .bytes(Data(body)))
    }
  }

  @Test func kilnsClientSignsUpInRefreshesReadsTheUserAndSignsOut() async throws {
    let rig = try await Rig()
    let signUp = try await rig.client.signUp(email: "Ada@Example.com", password: "correct horse")
    guard case .session(let first) = signUp else {
      Issue.record("expected a session from sign-up, got \(signUp)")
      return
    }
    #expect(first.user.email == "ada@example.com")
    let signedIn = try await rig.client.signIn(email: "ada@example.com", password: "correct horse")
    let refreshed = try await rig.client.refresh(refreshToken: signedIn.refreshToken)
    #expect(refreshed.refreshToken != signedIn.refreshToken)
    #expect(try await rig.client.user(accessToken: refreshed.accessToken).id == first.user.id)
    try await rig.client.logout(accessToken: refreshed.accessToken, scope: .local)
    await #expect(throws: AuthError.self) {
      try await rig.client.user(accessToken: refreshed.accessToken)
    }
    #expect(try await rig.client.user(accessToken: first.accessToken).id == first.user.id)
  }

  @Test func kilnsClientDecodesTheServicesErrors() async throws {
    let rig = try await Rig()
    _ = try await rig.client.signUp(email: "ada@example.com", password: "correct horse")
    do {
      _ = try await rig.client.signIn(email: "ada@example.com", password: "wrong password")
      Issue.record("a wrong password signed in")
    } catch AuthError.server(let error) {
      #expect(error.code == .invalidCredentials)
      #expect(error.status == 400)
    }
    do {
      _ = try await rig.client.signUp(email: "ada@example.com", password: "short")
      Issue.record("a short password was accepted")
    } catch AuthError.server(let error) {
      #expect(error.code == .weakPassword)
      #expect(error.status == 422)
    }
  }

  @Test func kilnsClientDeletesTheAccount() async throws {
    let rig = try await Rig()
    let signUp = try await rig.client.signUp(email: "ada@example.com", password: "correct horse")
    guard case .session(let session) = signUp else {
      Issue.record("expected a session from sign-up")
      return
    }
    try await rig.client.deleteAccount(accessToken: session.accessToken)
    #expect(rig.harness.hook.erased == [session.user.id, session.user.id])
    await #expect(throws: AuthError.self) {
      try await rig.client.deleteAccount(accessToken: session.accessToken)
    }
  }
}
