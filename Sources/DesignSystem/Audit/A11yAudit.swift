import Foundation

/// Checks a described screen against accessibility rules, as a pure function.
///
/// Critical: a missing label on an interactive element or image, a touch target under
/// 44 × 44 pt, contrast below WCAG AA. Warnings: generic labels, long labels on controls and
/// images, interactive elements without an operable trait, labels that repeat their role.
/// Label rules skip elements hidden from VoiceOver; contrast applies to everything seen.
public struct A11yAudit: Sendable {
  /// The smallest passing width and height of an interactive element. Default 44 pt.
  public var minimumTouchTarget: Double
  /// The longest passing label of a control or image, in characters. Default 60: a label
  /// names a control, and anything longer belongs in the hint. Text content (messages) is
  /// not limited.
  public var maximumLabelLength: Int

  /// Creates an audit with the given limits.
  public init(
    minimumTouchTarget: Double = DSSize.minimumTouchTarget, maximumLabelLength: Int = 60
  ) {
    self.minimumTouchTarget = minimumTouchTarget
    self.maximumLabelLength = maximumLabelLength
  }

  /// Labels that name nothing, compared after lower-casing and dropping punctuation.
  public static let genericLabels: Set<String> = [
    "button", "image", "icon", "picture", "graphic", "label", "text", "link", "tap",
    "tap here", "click", "click here", "here", "item", "element", "view", "untitled",
    "botón", "boton", "imagen", "icono", "enlace", "aquí", "aqui", "toca aquí", "pulsa aquí",
  ]

  /// Words that repeat a trait when they appear in a label, by trait (English and Spanish).
  public static let roleWords: [(trait: A11yTraits, words: [String])] = [
    (.button, ["button", "btn", "botón", "boton"]),
    (.image, ["image", "picture", "icon", "graphic", "imagen", "icono"]),
    (.link, ["link", "hyperlink", "enlace"]),
    (.header, ["heading", "header", "encabezado"]),
    (.toggle, ["switch", "toggle", "interruptor"]),
    (.searchField, ["search field", "campo de búsqueda"]),
    (.textEntry, ["text field", "campo de texto"]),
  ]

  /// Audits every element, in order.
  public func audit(_ elements: [A11yAuditElement]) -> A11yAuditReport {
    A11yAuditReport(issues: elements.flatMap(issues(for:)), elementCount: elements.count)
  }

  /// The issues of one element, in `A11yRule.allCases` order.
  public func issues(for element: A11yAuditElement) -> [A11yIssue] {
    A11yRule.allCases.compactMap { rule in
      message(for: rule, element).map {
        A11yIssue(elementID: element.id, rule: rule, message: $0)
      }
    }
  }

  /// Whether `ratio` meets `requirement`. Exactly the minimum passes (4.5 passes, 4.49 fails).
  public static func meetsContrast(_ ratio: Double, _ requirement: ContrastRequirement) -> Bool {
    requirement.isMet(by: ratio)
  }

  /// The words of `text`, lower-cased, split on anything that is not a letter or digit.
  static func words(of text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
  }
}
