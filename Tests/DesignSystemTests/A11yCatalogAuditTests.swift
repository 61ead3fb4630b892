import Testing

@testable import DesignSystem

/// The catalogue must pass its own audit: every entry, in every language, as a 44 × 44 pt
/// element drawn with each theme's body text colours.
@Suite struct A11yCatalogAuditTests {
  @Test(arguments: A11yLanguage.allCases)
  func everyCatalogueEntryPassesTheAudit(language: A11yLanguage) throws {
    let catalog = try A11yCatalog.load(language)
    let elements = A11y.allEntries.map { entry in
      A11yAuditElement(
        id: entry.key, accessibility: catalog.label(for: entry),
        width: DSSize.minimumTouchTarget, height: DSSize.minimumTouchTarget)
    }
    let report = A11yAudit().audit(elements)
    #expect(report.issues.isEmpty, "\(report.issues)")
  }

  @Test(arguments: ThemePaletteTests.allVariants.map(\.palette))
  func themeTextPassesTheAuditAtBodySize(palette: ThemePalette) {
    let elements = ThemePalette.surfaceRoles.flatMap { surface in
      [ColorRole.textPrimary, .textSecondary, .textTertiary].map { text in
        A11yAuditElement(
          id: "\(text) on \(surface)", label: "Sample", traits: .staticText, width: 100,
          height: 22, foreground: palette[text], background: palette[surface],
          fontSize: DSTypography.body.size)
      }
    }
    #expect(A11yAudit().audit(elements).passes)
  }
}
