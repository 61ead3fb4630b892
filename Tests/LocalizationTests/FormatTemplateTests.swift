import Localization
import Testing

@Suite struct FormatTemplateTests {
  @Test func substitutesTextAndIntegersInOrder() {
    let rendered = FormatTemplate.render(
      "%@ has %lld new and %d old", arguments: [.text("Ana"), .integer(3), .integer(7)])
    #expect(rendered == "Ana has 3 new and 7 old")
  }

  @Test func positionalSpecifiersReorderArguments() {
    let rendered = FormatTemplate.render("%2$@ (%1$lld)", arguments: [.integer(42), .text("x")])
    #expect(rendered == "x (42)")
  }

  @Test func doublePercentIsALiteralPercentSign() {
    #expect(FormatTemplate.render("Save %lld%%", arguments: [.integer(20)]) == "Save 20%")
    #expect(FormatTemplate.render("100%% sure", arguments: []) == "100% sure")
  }

  @Test func templatesWithoutSpecifiersAreUnchanged() {
    #expect(FormatTemplate.render("Plain text", arguments: [.text("ignored")]) == "Plain text")
  }

  @Test func missingArgumentsLeaveTheSpecifierVisible() {
    #expect(FormatTemplate.render("%@ and %@", arguments: [.text("a")]) == "a and %@")
    #expect(FormatTemplate.render("%3$@", arguments: [.text("a")]) == "%3$@")
  }

  @Test func mismatchedArgumentKindsPrintInsteadOfCrashing() {
    #expect(FormatTemplate.render("%@ / %lld", arguments: [.integer(5), .text("t")]) == "5 / t")
  }

  @Test func unsupportedConversionsAreKeptAndReported() {
    // Like printf, an unsupported conversion still takes its argument's position.
    #expect(FormatTemplate.render("%f and %@", arguments: ["a", "b"]) == "%f and b")
    #expect(FormatTemplate.render("100%", arguments: []) == "100%")
    let kinds = FormatTemplate.specifiers(in: "%x %@").map(\.kind)
    #expect(kinds == [.unsupported("%x"), .text])
  }

  @Test func argumentTextIsNeverReinterpreted() {
    #expect(FormatTemplate.render("Hi %@", arguments: [.text("%@ %lld %%")]) == "Hi %@ %lld %%")
  }

  @Test func specifiersReportPositionAndKind() {
    let specifiers = FormatTemplate.specifiers(in: "%2$lld of %1$@, then %@ %ld %i %u")
    #expect(
      specifiers == [
        .init(position: 2, kind: .integer), .init(position: 1, kind: .text),
        .init(position: 1, kind: .text), .init(position: 2, kind: .integer),
        .init(position: 3, kind: .integer), .init(position: 4, kind: .integer),
      ])
  }

  @Test func literalsConvertToArguments() {
    let text: LocalizationArgument = "abc"
    let number: LocalizationArgument = 12
    #expect(text == .text("abc"))
    #expect(number == .integer(12))
  }

  @Test func nonASCIIAroundSpecifiersSurvives() {
    let rendered = FormatTemplate.render("No hay resultados para «%@» — ñ", arguments: ["café"])
    #expect(rendered == "No hay resultados para «café» — ñ")
  }
}
