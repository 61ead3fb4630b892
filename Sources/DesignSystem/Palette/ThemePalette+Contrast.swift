/// A foreground role drawn on a background role, with the contrast it must reach.
public struct ContrastPair: Hashable, Sendable {
  /// The role drawn on top.
  public let foreground: ColorRole
  /// The role behind it.
  public let background: ColorRole
  /// The WCAG minimum the pair must meet.
  public let requirement: ContrastRequirement

  /// Creates a pair.
  public init(_ foreground: ColorRole, on background: ColorRole, _ requirement: ContrastRequirement)
  {
    self.foreground = foreground
    self.background = background
    self.requirement = requirement
  }
}

extension ThemePalette {
  /// The surfaces text and controls sit on.
  public static let surfaceRoles: [ColorRole] = [.background, .surface, .surfaceElevated]

  /// Roles exempt from contrast rules because they only decorate (WCAG 1.4.11 does not
  /// apply to borders that are not needed to identify a control), or because they are the
  /// backgrounds the pairs are measured against.
  public static let exemptRoles: Set<ColorRole> = [
    .background, .surface, .surfaceElevated, .borderHairline, .borderSubtle, .bubbleUser,
    .bubbleAssistant,
  ]

  /// Every pair the palettes promise, and at which level:
  /// - all text roles on every surface, and text on accents and bubbles: 4.5:1, because any
  ///   of them may be body-sized text;
  /// - accents, status colours and `borderStrong` on every surface: 3:1, as non-text UI
  ///   (icons, focus rings, control outlines, status indicators). Status colours are not
  ///   used for body text: messages beside them use the text roles.
  public static let contrastPairs: [ContrastPair] = {
    var pairs: [ContrastPair] = []
    for text in [ColorRole.textPrimary, .textSecondary, .textTertiary] {
      for surface in surfaceRoles { pairs.append(ContrastPair(text, on: surface, .normalText)) }
    }
    pairs.append(ContrastPair(.onAccent, on: .accentPrimary, .normalText))
    pairs.append(ContrastPair(.bubbleUserText, on: .bubbleUser, .normalText))
    pairs.append(ContrastPair(.bubbleAssistantText, on: .bubbleAssistant, .normalText))
    let indicators: [ColorRole] = [
      .accentPrimary, .accentSecondary, .borderStrong, .success, .warning, .danger,
    ]
    for indicator in indicators {
      for surface in surfaceRoles { pairs.append(ContrastPair(indicator, on: surface, .nonText)) }
    }
    return pairs
  }()

  /// The contrast ratio of `foreground` on `background` in this palette.
  public func contrastRatio(of foreground: ColorRole, on background: ColorRole) -> Double {
    self[foreground].contrastRatio(with: self[background])
  }

  /// The promised pairs this palette fails, with the ratio it reaches. Empty when the
  /// palette meets WCAG AA everywhere it promises to.
  public func contrastFailures() -> [(pair: ContrastPair, ratio: Double)] {
    Self.contrastPairs.compactMap { pair in
      let ratio = contrastRatio(of: pair.foreground, on: pair.background)
      return pair.requirement.isMet(by: ratio) ? nil : (pair, ratio)
    }
  }
}
