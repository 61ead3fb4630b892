import Foundation
import JOSE
import TestSupport
import Testing

/// The free tier is counted in the store, so several real `kiln-server` processes on one
/// PostgreSQL share it exactly, and one process on SQLite counts concurrent requests exactly:
/// 40 concurrent requests from one free user with a limit of 10 admit exactly 10.
@Suite struct KilnServerSharedQuotaTests {
  static let secret = "shared-quota-tests-secret-of-at-least-32-bytes"
  static let requests = 40
  static let limit = 10
  static let ready = "GET /ready HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"

  @Test func twoInstancesOnOnePostgreSQLAdmitExactlyTheFreeLimitBetweenThem() async throws {
    let databaseURL = try await PostgresTestServer.shared().makeDatabase()
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let environment = Self.environment(["DATABASE_URL": databaseURL])
    // One after the other: each runs the migrations at start.
    let first = try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory + "/a"], environment: environment)
    let second = try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory + "/b"], environment: environment)
    for server in [first, second] {
      #expect(try await server.exchange(Self.ready).contains(#""store":"postgresql""#))
    }
    let answers = try await Self.sendConcurrently(to: [first, second])
    #expect(await first.terminate() == 0)
    #expect(await second.terminate() == 0)
    try Self.expectExactlyTheLimitAdmitted(answers)
    // The requests were split evenly between the instances.
    #expect(answers.filter { $0.instance == 0 }.count == Self.requests / 2)
  }

  @Test func oneInstanceOnSQLiteAdmitsExactlyTheFreeLimit() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory + "/data"],
      environment: Self.environment([:]))
    #expect(try await server.exchange(Self.ready).contains(#""store":"sqlite""#))
    let answers = try await Self.sendConcurrently(to: [server])
    #expect(await server.terminate() == 0)
    try Self.expectExactlyTheLimitAdmitted(answers)
  }

  /// The settings both tests share: the echo model (no upstream), the token secret and
  /// the free limit.
  static func environment(_ extra: [String: String]) -> [String: String] {
    ["JWT_SECRET": secret, "KILN_FREE_MESSAGE_LIMIT": "\(limit)"].merging(extra) { $1 }
  }

  /// One answer: which instance gave it, and its raw text.
  struct Answer: Sendable {
    let instance: Int
    let text: String
  }

  /// Sends `requests` non-streaming requests for one user at once, request `i` to
  /// `servers[i % servers.count]`, each on its own connection.
  static func sendConcurrently(to servers: [KilnServerRun]) async throws -> [Answer] {
    let token = try JWTSigner(hmacSecret: secret).sign(claims: [
      "sub": .string("free-user-1"), "role": .string("authenticated"),
      "aud": .string("authenticated"), "exp": .number(4_000_000_000),
    ])
    let body = #"{"messages":[{"role":"user","content":"Hello"}],"stream":false}"#
    let request =
      "POST /functions/v1/ai HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
      + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    return try await withThrowingTaskGroup(of: Answer.self) { group in
      for index in 0..<requests {
        let instance = index % servers.count
        let server = servers[instance]
        group.addTask { Answer(instance: instance, text: try await server.exchange(request)) }
      }
      var answers: [Answer] = []
      for try await answer in group { answers.append(answer) }
      return answers
    }
  }

  /// Exactly `limit` answers are 200 and every other one is 429 `free_quota_exhausted`.
  static func expectExactlyTheLimitAdmitted(_ answers: [Answer]) throws {
    try #require(answers.count == requests)
    let admitted = answers.filter { $0.text.hasPrefix("HTTP/1.1 200 ") }
    let refused = answers.filter {
      $0.text.hasPrefix("HTTP/1.1 429 ") && $0.text.contains("\"free_quota_exhausted\"")
    }
    #expect(admitted.count == limit)
    #expect(refused.count == requests - limit)
    let remaining = admitted.compactMap { answer in
      answer.text.split(separator: "\r\n").first {
        $0.lowercased().hasPrefix("x-free-messages-remaining:")
      }.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) }
    }
    // Each admitted request saw a different count left: 9, 8, …, 0.
    #expect(Set(remaining) == Set((0..<limit).map { "\($0)" }))
  }
}
