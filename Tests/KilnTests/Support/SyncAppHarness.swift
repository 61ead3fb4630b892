import AppComposition
import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

@testable import kiln

/// Real app dependencies over a test home, real accounts against a loopback GoTrue and the
/// sync functions scripted on the same loopback server (it fails the test when a scripted
/// reply is left unused or an unexpected request arrives), with `SyncTestJournal` as the
/// device's journal.
@MainActor
final class SyncAppHarness {
  static let pullPath = "/rest/v1/rpc/sync_pull"
  static let pushPath = "/rest/v1/rpc/sync_push"

  let home: ChatTestHome
  let server: LoopbackHTTPServer
  let gotrue: RotatingGoTrue
  let journal = SyncTestJournal()
  let output = CapturedText()
  let errors = CapturedText()

  init() throws {
    home = try ChatTestHome()
    server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    gotrue = RotatingGoTrue(server: server, now: { Date() }, accessTokenLifetime: 3600)
  }

  /// The environment of a run: real accounts at the loopback server, `extra` on top.
  func environment(syncEnabled: Bool = true, _ extra: [String: String] = [:]) -> AppEnvironment {
    var variables = [
      "AUTH_BYPASS": "0", "SUPABASE_URL": server.baseURL.absoluteString,
      "SUPABASE_ANON_KEY": "anon-key-sync-7Kp2",
    ]
    if syncEnabled { variables["CHAT_SYNC_ENABLED"] = "true" }
    for (key, value) in extra { variables[key] = value }
    var environment = AppEnvironment(
      variables: home.environment(variables), isDevelopmentBuild: true)
    let journal = journal
    environment.syncJournal = { _, _ in journal }
    return environment
  }

  /// The app's dependencies, started as an online command starts them.
  func dependencies(
    syncEnabled: Bool = true, _ extra: [String: String] = [:]
  ) async throws -> AppDependencies {
    let environment = environment(syncEnabled: syncEnabled, extra)
    let dependencies = try AppDependencies.live(
      configuration: try environment.loadConfiguration(), environment: environment)
    await dependencies.start(keepsSessionAlive: false)
    return dependencies
  }

  /// Signs up `email` and tells sync; returns the account id.
  func signIn(
    _ dependencies: AppDependencies, email: String = "ada@example.com"
  ) async throws
    -> UUID
  {
    _ = try await dependencies.auth.signUpWithEmail(email: email, password: "pw-8Lm3")
    await dependencies.sync.accountMayHaveChanged()
    return try #require(dependencies.sync.availability.account)
  }

  /// Runs `kiln sync` with `arguments` in this process; returns its status.
  func runSync(
    _ arguments: [String], _ dependencies: AppDependencies
  ) async throws
    -> kiln.ExitStatus
  {
    output.reset()
    errors.reset()
    let command = try Commands.parser.parse(["sync"] + arguments)
    let output = output
    let errors = errors
    let console = Console(
      writeOutput: { text in
        output.append(text)
        return true
      },
      writeError: { errors.append($0) }, readAllInput: { Data() },
      readInputPrefix: { _ in Data() }, readInputLine: { nil }, inputIsTerminal: false,
      outputIsTerminal: false)
    let context = CommandContext(
      command: command, console: console, environment: environment(), noColor: true)
    do {
      return try await SyncCommand.run(context, dependencies)
    } catch let error as CommandError {
      context.report(error)
      return error.status
    }
  }

  var printed: String { output.text }
  var reported: String { errors.text }

  /// An empty pull page.
  static func emptyPage(next: Int64 = 0) -> String {
    #"{"changes":[],"next":\#(next),"has_more":false}"#
  }

  /// A pull page with one conversation of `account` changed on another device.
  static func pageWithConversation(account: UUID, title: String) -> String {
    let user = account.uuidString.lowercased()
    let clock = "001764670074123-00000-1a2b3c4d-0000-4000-8000-000000000001"
    let row =
      #"{"id":"0193a6f0-0000-7000-8000-000000000001","user_id":"\#(user)","title":"\#(title)","#
      + #""persona_name":null,"persona_id":null,"is_pinned":false,"is_archived":false,"#
      + #""created_at":"2026-12-02T10:07:54.123Z","updated_at":"2026-12-02T10:07:54.123Z","#
      + #""deleted_at":null,"change_seq":1,"clocks":{"title":"\#(clock)"}}"#
    return #"{"changes":[{"table":"conversations","row":\#(row)}],"next":1,"has_more":false}"#
  }
}

/// Text a console wrote, collected from any thread.
final class CapturedText: Sendable {
  private let value = Mutex("")

  var text: String { value.withLock { $0 } }
  func append(_ text: String) { value.withLock { $0 += text } }
  func reset() { value.withLock { $0 = "" } }
}
