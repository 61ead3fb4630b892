import Core
import Localization

/// One problem with the configuration: which key, where it was set, what is wrong, and how
/// to fix it.
public struct ConfigurationIssue: Equatable, Sendable, CustomStringConvertible {
  /// The key concerned, when the problem is about one key.
  public var key: String?
  /// Where the offending value was set.
  public var origin: ConfigurationOrigin?
  /// What is wrong, in plain words.
  public var problem: String
  /// What to do about it.
  public var fix: String

  public init(key: String?, origin: ConfigurationOrigin?, problem: String, fix: String) {
    self.key = key
    self.origin = origin
    self.problem = problem
    self.fix = fix
  }

  /// `PROXY_PATH (config:3): must start with '/'. Fix: …`, in the interface language (the
  /// validator words `problem` and `fix` in it too).
  public var description: String {
    var subject = key ?? L10n.Setup.text(.issueSubject)
    if let origin { subject += " (\(origin.localizedDescription))" }
    return L10n.Setup.text(.issue, subject, problem, fix)
  }
}

/// Configuration that cannot be used; the app exits with status 2 and prints every issue.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible,
  AppErrorConvertible
{
  /// Every problem found, in key order.
  public var issues: [ConfigurationIssue]

  public init(_ issues: [ConfigurationIssue]) {
    self.issues = issues
  }

  public init(_ issue: ConfigurationIssue) {
    self.issues = [issue]
  }

  public var description: String {
    issues.map(\.description).joined(separator: "\n")
  }

  public var appError: AppError {
    .validation(message: issues.first.map(\.description) ?? "The configuration is invalid.")
  }
}
