import Testing

@testable import DesignSystem

@Suite struct A11yAuditTests {
  let audit = A11yAudit()

  func button(
    _ label: String? = "Send message", width: Double = 44, height: Double = 44,
    traits: A11yTraits = .button
  ) -> A11yAuditElement {
    A11yAuditElement(id: "button", label: label, traits: traits, width: width, height: height)
  }

  func rules(_ element: A11yAuditElement) -> [A11yRule] {
    audit.issues(for: element).map(\.rule)
  }

  @Test func aWellDescribedButtonPasses() {
    let report = audit.audit([button()])
    #expect(report.issues.isEmpty)
    #expect(report.passes)
    #expect(report.summary == "1 element: 0 critical, 0 warnings")
  }

  @Test(arguments: [nil, "", "   ", "\n"] as [String?])
  func interactiveElementWithoutALabelIsCritical(label: String?) {
    let issues = audit.issues(for: button(label))
    #expect(issues.map(\.rule) == [.missingLabel])
    #expect(issues.first?.severity == .critical)
  }

  @Test func imageWithoutALabelIsCriticalUnlessHidden() {
    let image = A11yAuditElement(id: "logo", traits: .image, width: 80, height: 80)
    #expect(rules(image) == [.missingLabel])
    var hidden = image
    hidden.isAccessibilityHidden = true
    #expect(rules(hidden).isEmpty)
  }

  @Test func plainTextWithoutALabelIsNotAnIssue() {
    let text = A11yAuditElement(id: "spacer", traits: .staticText, width: 10, height: 10)
    #expect(rules(text).isEmpty)
  }

  @Test(arguments: [(43.9, 44.0), (44.0, 43.9), (20.0, 20.0)])
  func targetsUnder44PointsAreCritical(width: Double, height: Double) {
    let issues = audit.issues(for: button(width: width, height: height))
    #expect(issues.map(\.rule) == [.smallTouchTarget])
    #expect(issues.first?.severity == .critical)
  }

  @Test(arguments: [(44.0, 44.0), (44.0, 200.0), (320.0, 50.0)])
  func targetsOfAtLeast44PointsPass(width: Double, height: Double) {
    #expect(rules(button(width: width, height: height)).isEmpty)
  }

  @Test func touchTargetMessageNamesTheSize() {
    let issue = audit.issues(for: button(width: 43.9, height: 44)).first
    #expect(issue?.message == "Touch target is 43.9 × 44 pt; it needs at least 44 × 44 pt.")
  }

  @Test func smallNonInteractiveElementsAreFine() {
    let badge = A11yAuditElement(
      id: "badge", label: "3 unread", traits: .staticText, width: 16, height: 16)
    #expect(rules(badge).isEmpty)
  }

  @Test func contrastBoundaryIs4Point5() {
    #expect(!A11yAudit.meetsContrast(4.49, .normalText))
    #expect(A11yAudit.meetsContrast(4.5, .normalText))
    #expect(!A11yAudit.meetsContrast(2.99, .largeText))
    #expect(A11yAudit.meetsContrast(3.0, .largeText))
  }

  @Test func bodyTextBelowAAIsCritical() {
    let failing = A11yAuditElement(
      id: "caption", label: "Sent", traits: .staticText, width: 40, height: 16,
      foreground: 0x777777, background: .white, fontSize: 17)
    let issues = audit.issues(for: failing)
    #expect(issues.map(\.rule) == [.insufficientContrast])
    #expect(issues.first?.message.contains("4.48:1") == true)
    var passing = failing
    passing.foreground = 0x767676
    #expect(rules(passing).isEmpty)
  }

  @Test func largeTextNeedsOnly3To1() {
    // #949494 on white is 3.03:1 and #959595 is 2.995:1.
    let title = A11yAuditElement(
      id: "title", label: "Welcome", traits: .header, width: 200, height: 41,
      foreground: 0x949494, background: .white, fontSize: 24)
    #expect(rules(title).isEmpty)
    var lighter = title
    lighter.foreground = 0x959595
    #expect(rules(lighter) == [.insufficientContrast])
    var smaller = title
    smaller.fontSize = 23.9
    #expect(rules(smaller) == [.insufficientContrast])
    var boldSmaller = smaller
    boldSmaller.fontWeight = .bold
    #expect(rules(boldSmaller).isEmpty)
  }

  @Test func iconsNeed3To1AndHiddenElementsStillNeedContrast() {
    let icon = A11yAuditElement(
      id: "icon", label: "Warning", traits: .image, width: 24, height: 24,
      foreground: 0x959595, background: .white, isAccessibilityHidden: true)
    #expect(rules(icon) == [.insufficientContrast])
    var darker = icon
    darker.foreground = 0x949494
    #expect(rules(darker).isEmpty)
  }

  @Test func contrastNeedsBothColours() {
    let onlyForeground = A11yAuditElement(
      id: "x", label: "Title", traits: .header, width: 100, height: 30, foreground: 0xEEEEEE)
    #expect(rules(onlyForeground).isEmpty)
  }

  @Test(arguments: ["Button", "image", "Tap here!", "  click here ", "Botón", "ICON"])
  func genericLabelsAreWarnings(label: String) {
    let issues = audit.issues(for: button(label, traits: [.button, .image]))
    #expect(issues.map(\.rule) == [.genericLabel])
    #expect(issues.first?.severity == .warning)
  }

  @Test func labelsOfSixtyCharactersPassAndSixtyOneWarn() {
    let sixty = String(repeating: "a", count: 60)
    #expect(rules(button(sixty)).isEmpty)
    let issues = audit.issues(for: button(sixty + "b"))
    #expect(issues.map(\.rule) == [.longLabel])
    #expect(issues.first?.severity == .warning)
  }

  @Test func longContentLabelsAreNotLimited() {
    let message = A11yAuditElement(
      id: "message", label: String(repeating: "word ", count: 40), traits: .staticText,
      width: 300, height: 200)
    #expect(rules(message).isEmpty)
  }

  @Test func interactiveElementsWithoutOperableTraitsWarn() {
    let row = A11yAuditElement(
      id: "row", label: "Trip ideas", traits: .staticText, width: 320, height: 56,
      interactive: true)
    #expect(rules(row) == [.missingTraits])
    for trait in [A11yTraits.button, .link, .toggle, .textEntry, .searchField, .adjustable] {
      var fixed = row
      fixed.traits = trait
      #expect(rules(fixed).isEmpty, "\(trait)")
    }
  }

  @Test(arguments: [
    ("Send button", A11yTraits.button), ("Profile image", .image), ("Privacy link", .link),
    ("Notifications switch", .toggle), ("Botón de enviar", .button),
  ])
  func labelsRepeatingTheirRoleWarn(label: String, traits: A11yTraits) {
    let element = A11yAuditElement(id: "x", label: label, traits: traits, width: 44, height: 44)
    #expect(rules(element) == [.redundantRole])
  }

  @Test(arguments: [
    ("Send message", A11yTraits.button), ("Buttonhole stitch", .button),
    ("Profile photo", A11yTraits([.button, .image])), ("Image settings", .button),
  ])
  func labelsThatMerelyContainRoleLettersPass(label: String, traits: A11yTraits) {
    let element = A11yAuditElement(id: "x", label: label, traits: traits, width: 44, height: 44)
    #expect(rules(element).isEmpty)
  }

  @Test func reportKeepsElementThenRuleOrder() {
    let elements = [
      A11yAuditElement(id: "a", traits: .button, width: 30, height: 30),
      button("Send button"),
      A11yAuditElement(id: "c", label: "OK", traits: .button, width: 44, height: 44),
    ]
    let report = audit.audit(elements)
    #expect(report.issues.map(\.elementID) == ["a", "a", "button"])
    #expect(report.issues.map(\.rule) == [.missingLabel, .smallTouchTarget, .redundantRole])
    #expect(report.criticalIssues.count == 2)
    #expect(report.warnings.count == 1)
    #expect(!report.passes)
    #expect(report.issues(for: "c").isEmpty)
    #expect(report.summary == "3 elements: 2 critical, 1 warning")
    #expect(report.issues[0].description.hasPrefix("[critical] a: missingLabel: "))
  }

  @Test func limitsAreConfigurable() {
    let strict = A11yAudit(minimumTouchTarget: 48, maximumLabelLength: 10)
    #expect(
      strict.issues(for: button("Send", width: 44, height: 44)).map(\.rule) == [.smallTouchTarget])
    #expect(
      strict.issues(for: button("Send the message", width: 48, height: 48)).map(\.rule)
        == [.longLabel])
  }

  @Test func everyRuleHasItsSeverity() {
    let critical = A11yRule.allCases.filter { $0.severity == .critical }
    #expect(Set(critical) == [.missingLabel, .smallTouchTarget, .insufficientContrast])
    #expect(A11ySeverity.warning < A11ySeverity.critical)
  }
}
