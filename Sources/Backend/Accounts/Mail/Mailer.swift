import Foundation

/// One message the auth service sends a user: a recovery or confirmation link.
///
/// `text` and `link` hold a live one-time token: they belong in the message only, never in
/// a log line or an error.
public struct AuthMessage: Sendable, Hashable {
  /// What a message is for: an open value.
  public struct Kind: RawRepresentable, Sendable, Hashable {
    /// The kind's text (GoTrue's verification `type`).
    public let rawValue: String
    /// A kind from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A password-recovery link (`type=recovery`).
    public static let recovery = Kind(rawValue: "recovery")
    /// A sign-up confirmation link (`type=signup`).
    public static let signup = Kind(rawValue: "signup")
  }

  /// What the message is for.
  public var kind: Kind
  /// The normalised address it goes to.
  public var recipient: String
  /// The subject line.
  public var subject: String
  /// The link the user follows (`…/auth/v1/verify?token=…&type=…`). Secret.
  public var link: String
  /// The plain-text body, which holds `link`. Secret.
  public var text: String

  /// A message with every part given.
  public init(kind: Kind, recipient: String, subject: String, link: String, text: String) {
    self.kind = kind
    self.recipient = recipient
    self.subject = subject
    self.link = link
    self.text = text
  }
}

/// Delivers the auth service's messages (issue #18 item 5). kiln-server's default is
/// `OutboxMailer`, which writes each message as a file a developer can open.
public protocol Mailer: Sendable {
  /// Delivers `message`, or throws `MailerError` when it could not.
  func send(_ message: AuthMessage) async throws(MailerError)
}

/// Why a message could not be delivered; never holds the message's link or text.
public struct MailerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A sentence for operators.
  public var reason: String

  /// An error with its reason.
  public init(_ reason: String) { self.reason = reason }

  /// The reason, as operators read it.
  public var description: String { "the message could not be delivered: \(reason)" }
}
