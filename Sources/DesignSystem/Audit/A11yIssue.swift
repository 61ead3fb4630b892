/// How serious an accessibility issue is.
public enum A11ySeverity: String, CaseIterable, Comparable, Sendable {
  /// Worth fixing: the element works but is harder to use.
  case warning
  /// Blocks some users: must be fixed.
  case critical

  /// Warnings sort before critical issues.
  public static func < (lhs: A11ySeverity, rhs: A11ySeverity) -> Bool {
    lhs == .warning && rhs == .critical
  }
}

/// An audit rule.
public enum A11yRule: String, CaseIterable, Sendable {
  /// An interactive element or an image has no label (or only whitespace).
  case missingLabel
  /// An interactive element is smaller than the minimum touch target on either side.
  case smallTouchTarget
  /// Foreground and background do not reach the WCAG AA ratio the element needs.
  case insufficientContrast
  /// The label says nothing ("button", "image", "tap here").
  case genericLabel
  /// The label of a control or image is longer than the audit's maximum.
  case longLabel
  /// An interactive element has no trait saying how to operate it.
  case missingTraits
  /// The label repeats what its trait already says ("Send button" on a button).
  case redundantRole

  /// The rule's severity.
  public var severity: A11ySeverity {
    switch self {
    case .missingLabel, .smallTouchTarget, .insufficientContrast: return .critical
    case .genericLabel, .longLabel, .missingTraits, .redundantRole: return .warning
    }
  }
}

/// One problem the audit found.
public struct A11yIssue: Hashable, Sendable, CustomStringConvertible {
  /// The element's `id`.
  public let elementID: String
  /// The rule it breaks.
  public let rule: A11yRule
  /// What is wrong, in English, for developers.
  public let message: String

  /// Creates an issue.
  public init(elementID: String, rule: A11yRule, message: String) {
    self.elementID = elementID
    self.rule = rule
    self.message = message
  }

  /// The rule's severity.
  public var severity: A11ySeverity { rule.severity }

  /// `[critical] send-button: smallTouchTarget: …`.
  public var description: String {
    "[\(severity.rawValue)] \(elementID): \(rule.rawValue): \(message)"
  }
}

/// The result of auditing a screen.
public struct A11yAuditReport: Hashable, Sendable {
  /// Every issue, in element order, then rule order.
  public let issues: [A11yIssue]
  /// How many elements were audited.
  public let elementCount: Int

  /// Creates a report.
  public init(issues: [A11yIssue], elementCount: Int) {
    self.issues = issues
    self.elementCount = elementCount
  }

  /// Issues that must be fixed.
  public var criticalIssues: [A11yIssue] { issues.filter { $0.severity == .critical } }
  /// Issues worth fixing.
  public var warnings: [A11yIssue] { issues.filter { $0.severity == .warning } }
  /// Whether nothing critical was found.
  public var passes: Bool { criticalIssues.isEmpty }

  /// The issues of one element.
  public func issues(for elementID: String) -> [A11yIssue] {
    issues.filter { $0.elementID == elementID }
  }

  /// "3 elements: 1 critical, 2 warnings".
  public var summary: String {
    let critical = criticalIssues.count
    let warning = warnings.count
    return "\(elementCount) element\(elementCount == 1 ? "" : "s"): \(critical) critical, "
      + "\(warning) warning\(warning == 1 ? "" : "s")"
  }
}
