import Foundation

extension A11yAudit {
  /// The message for `rule` if `element` breaks it, otherwise `nil`.
  func message(for rule: A11yRule, _ element: A11yAuditElement) -> String? {
    switch rule {
    case .missingLabel: return missingLabel(element)
    case .smallTouchTarget: return smallTouchTarget(element)
    case .insufficientContrast: return insufficientContrast(element)
    case .genericLabel: return genericLabel(element)
    case .longLabel: return longLabel(element)
    case .missingTraits: return missingTraits(element)
    case .redundantRole: return redundantRole(element)
    }
  }

  private func spokenLabel(_ element: A11yAuditElement) -> String? {
    guard !element.isAccessibilityHidden else { return nil }
    let trimmed = element.label?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return trimmed.isEmpty ? nil : trimmed
  }

  private func needsLabel(_ element: A11yAuditElement) -> Bool {
    element.isInteractive || element.traits.contains(.image)
  }

  private func missingLabel(_ element: A11yAuditElement) -> String? {
    guard !element.isAccessibilityHidden, needsLabel(element), spokenLabel(element) == nil
    else { return nil }
    return element.isInteractive
      ? "Interactive element has no label; VoiceOver cannot name it."
      : "Image has no label; label it or hide it from VoiceOver if it is decorative."
  }

  private func smallTouchTarget(_ element: A11yAuditElement) -> String? {
    guard element.isInteractive,
      element.width < minimumTouchTarget || element.height < minimumTouchTarget
    else { return nil }
    let minimum = Self.points(minimumTouchTarget)
    return "Touch target is \(Self.points(element.width)) × \(Self.points(element.height)) pt; "
      + "it needs at least \(minimum) × \(minimum) pt."
  }

  private func insufficientContrast(_ element: A11yAuditElement) -> String? {
    guard let foreground = element.foreground, let background = element.background else {
      return nil
    }
    let ratio = foreground.contrastRatio(with: background)
    let requirement = element.contrastRequirement
    guard !Self.meetsContrast(ratio, requirement) else { return nil }
    return "Contrast of \(foreground.hex) on \(background.hex) is "
      + "\(String(format: "%.2f", ratio)):1; \(requirement.rawValue) needs "
      + "\(String(format: "%.1f", requirement.minimumRatio)):1."
  }

  private func genericLabel(_ element: A11yAuditElement) -> String? {
    guard let label = spokenLabel(element), isGeneric(label) else { return nil }
    return "Label \"\(label)\" does not say what the element is or does."
  }

  private func isGeneric(_ label: String) -> Bool {
    Self.genericLabels.contains(Self.words(of: label).joined(separator: " "))
  }

  private func longLabel(_ element: A11yAuditElement) -> String? {
    guard needsLabel(element), let label = spokenLabel(element),
      label.count > maximumLabelLength
    else { return nil }
    return "Label has \(label.count) characters (at most \(maximumLabelLength)); "
      + "move detail into the hint."
  }

  private func missingTraits(_ element: A11yAuditElement) -> String? {
    guard !element.isAccessibilityHidden, element.isInteractive,
      element.traits.isDisjoint(with: .operable)
    else { return nil }
    return "Interactive element has no trait (button, link, toggle, …) saying how to use it."
  }

  private func redundantRole(_ element: A11yAuditElement) -> String? {
    guard let label = spokenLabel(element), !isGeneric(label) else { return nil }
    let padded = " " + Self.words(of: label).joined(separator: " ") + " "
    for (trait, words) in Self.roleWords where element.traits.contains(trait) {
      for word in words where padded.contains(" " + word + " ") {
        return "Label \"\(label)\" says \"\(word)\", which VoiceOver already announces."
      }
    }
    return nil
  }

  /// `44` or `43.9`: whole numbers without a decimal point.
  static func points(_ value: Double) -> String {
    guard value.rounded() == value, abs(value) < 1_000_000 else { return String(value) }
    return String(Int(value))
  }
}
