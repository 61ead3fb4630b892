import Backend
import Core
import Foundation
import TestSupport
import Testing

/// `OutboxMailer`: one owner-only file per message in an owner-only directory; the log
/// names the file, never the link.
@Suite struct OutboxMailerTests {
  let message = AuthMessage(
    kind: .recovery, recipient: "ada@example.com", subject: "Reset Your Password",
    link: "http://localhost/auth/v1/verify?token=SECRET-TOKEN&type=recovery",
    text: "Follow this link:\n\nhttp://localhost/auth/v1/verify?token=SECRET-TOKEN&type=recovery\n")

  func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int) & 0o777
  }

  @Test func eachMessageIsAnOwnerOnlyFileHoldingTheLinkAndTheLogHidesIt() async throws {
    try await withTemporaryDirectory(prefix: "kiln-outbox") { directory in
      let outbox = directory.appendingPathComponent("outbox", isDirectory: true)
      let sink = InMemoryLogSink()
      let mailer = OutboxMailer(
        directory: outbox,
        clock: ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000)).appClock,
        uuid: .incrementing(from: 1), logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
      try await mailer.send(message)
      try await mailer.send(message)
      let names = try FileManager.default.contentsOfDirectory(atPath: outbox.path).sorted()
      #expect(names.count == 2)
      #expect(try permissions(outbox.path) == 0o700)
      let path = outbox.appendingPathComponent(try #require(names.first)).path
      #expect(try permissions(path) == 0o600)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.contains("To: ada@example.com\r\n"))
      #expect(text.contains(message.link))
      let lines = sink.records.map(\.message)
      #expect(lines.count == 2)
      #expect(lines.allSatisfy { $0.contains(outbox.path) })
      #expect(lines.allSatisfy { !$0.contains("SECRET-TOKEN") && !$0.contains("ada@") })
    }
  }

  @Test func anExistingWideOutboxIsNarrowedAndAnUnwritableOneFailsLoudly() async throws {
    try await withTemporaryDirectory(prefix: "kiln-outbox") { directory in
      let outbox = directory.appendingPathComponent("outbox", isDirectory: true)
      try FileManager.default.createDirectory(
        at: outbox, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      let mailer = OutboxMailer(
        directory: outbox, clock: .live, uuid: .incrementing(from: 1), logger: .disabled)
      try await mailer.send(message)
      #expect(try permissions(outbox.path) == 0o700)
      let blocked = directory.appendingPathComponent("file")
      try Data("x".utf8).write(to: blocked)
      let broken = OutboxMailer(
        directory: blocked.appendingPathComponent("outbox"), clock: .live,
        uuid: .incrementing(from: 1), logger: .disabled)
      await #expect(throws: MailerError.self) { try await broken.send(message) }
    }
  }
}
