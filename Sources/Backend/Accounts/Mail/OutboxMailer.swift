import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `Mailer` that writes each message as a file in an outbox directory (`AUTH_OUTBOX`,
/// by default `<data dir>/outbox`), so a developer can open it and follow its link.
///
/// The directory is made owner-only (0700) and each file is created owner-only (0600) with
/// `O_EXCL | O_NOFOLLOW`, since it holds a live token. The log line names the file, never
/// the link, the token or the address.
public struct OutboxMailer: Mailer {
  /// Where messages go.
  public let directory: URL
  private let clock: AppClock
  private let uuid: UUIDGenerator
  private let logger: AppLogger

  /// A mailer writing into `directory`; file names come from `clock` and `uuid`.
  public init(directory: URL, clock: AppClock, uuid: UUIDGenerator, logger: AppLogger) {
    self.directory = directory
    self.clock = clock
    self.uuid = uuid
    self.logger = logger
  }

  /// Writes `message` as `<Unix time>-<kind>-<id>.eml` and logs where.
  public func send(_ message: AuthMessage) async throws(MailerError) {
    try makeDirectory()
    let stamp = Int(clock.now().timeIntervalSince1970.rounded(.down))
    let name = "\(stamp)-\(Self.safe(message.kind.rawValue))-\(uuid().uuidString.lowercased()).eml"
    let path = directory.appendingPathComponent(name).path
    try writeFile(Array(Self.render(message).utf8), to: path)
    logger.notice("wrote a \(Self.safe(message.kind.rawValue)) message to \(path)", category: .auth)
  }

  /// The message as RFC 5322 text: headers, a blank line, the body.
  static func render(_ message: AuthMessage) -> String {
    let subject = message.subject.filter { $0 != "\r" && $0 != "\n" }
    let recipient = message.recipient.filter { $0 != "\r" && $0 != "\n" }
    return "To: \(recipient)\r\nSubject: \(subject)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "\r\n"
      + message.text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\n", with: "\r\n")
  }

  /// A kind's text reduced to letters, digits and `-`, so it cannot steer the file name.
  static func safe(_ text: String) -> String {
    let kept = text.unicodeScalars.filter { scalar in
      scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-")
    }
    return kept.isEmpty ? "message" : String(String.UnicodeScalarView(kept.prefix(32)))
  }

  private func makeDirectory() throws(MailerError) {
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      // An outbox that already existed is narrowed too: its files hold live tokens.
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: directory.path)
    } catch {
      throw MailerError("cannot make the outbox directory \(directory.path)")
    }
  }

  private func writeFile(_ bytes: [UInt8], to path: String) throws(MailerError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw MailerError("cannot create \(path) (errno \(errno))")
    }
    var written = 0
    var failed = false
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count, let base = buffer.baseAddress {
        let count = write(descriptor, base + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          failed = true
          return
        }
        written += count
      }
    }
    let synced = fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    guard !failed, synced, closed else {
      unlink(path)
      throw MailerError("cannot write \(path)")
    }
  }
}
