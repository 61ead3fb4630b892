import Core
import Localization
import Testing

@Suite struct AppErrorLocalizationTests {
  private static let tableKeys = Set(L10n.tableKeys)

  @Test func samplesCoverEveryKind() {
    let covered = Set(AppErrorSamples.all.map(AppErrorSamples.Kind.of))
    let missing = Set(AppErrorSamples.Kind.allCases).subtracting(covered)
    #expect(missing.isEmpty, "no sample for \(missing)")
  }

  @Test(arguments: AppErrorSamples.all)
  func englishEqualsUserMessage(error: AppError) {
    #expect(error.localizedUserMessage(in: .english) == error.userMessage)
  }

  @Test(arguments: AppErrorSamples.all)
  func everyLanguageHasAFinishedSentence(error: AppError) {
    for language in Language.allCases {
      let message = error.localizedUserMessage(in: language)
      #expect(!message.isEmpty, "\(language.code)")
      #expect(!Self.tableKeys.contains(message), "\(language.code) fell back to a key")
      #expect(!hasUnfilledSpecifier(message), "\(language.code): \(message)")
    }
  }

  @Test(arguments: AppErrorSamples.all.filter { AppErrorSamples.Kind.of($0) != .validation })
  func spanishDiffersFromEnglish(error: AppError) {
    #expect(error.localizedUserMessage(in: .spanish) != error.localizedUserMessage(in: .english))
  }

  @Test func distinctEnglishSentencesStayDistinctInSpanish() {
    // Catches two table entries pasted with the same translation.
    var spanishByEnglish: [String: String] = [:]
    for error in AppErrorSamples.all where AppErrorSamples.Kind.of(error) != .validation {
      let english = error.localizedUserMessage(in: .english)
      let spanish = error.localizedUserMessage(in: .spanish)
      if let earlier = spanishByEnglish[english] {
        #expect(earlier == spanish, "\(error)")
      }
      spanishByEnglish[english] = spanish
    }
    #expect(Set(spanishByEnglish.values).count == spanishByEnglish.count)
  }

  @Test func spanishSentencesAreTheSpanishTable() {
    #expect(
      AppError.network(code: -1009, message: "Offline").localizedUserMessage(in: .spanish)
        == "No tienes conexión. Comprueba tu conexión a internet.")
    #expect(
      AppError.sessionExpired.localizedUserMessage(in: .spanish)
        == "Tu sesión ha caducado. Vuelve a iniciar sesión.")
    #expect(
      AppError.notConfigured("PROXY_BASE_URL").localizedUserMessage(in: .spanish)
        == "PROXY_BASE_URL no está configurado. Añádelo a tu configuración e inténtalo de nuevo.")
  }

  @Test func validationMessagesAreShownAsWritten() {
    let english = AppError.validation(message: "Enter a valid email address.")
    let spanish = AppError.validation(message: "Introduce un correo electrónico válido.")
    for language in Language.allCases {
      #expect(english.localizedUserMessage(in: language) == "Enter a valid email address.")
      #expect(
        spanish.localizedUserMessage(in: language) == "Introduce un correo electrónico válido.")
    }
  }

  @Test func blankValidationMessagesGetAGenericSentence() {
    let blank = AppError.validation(message: "  \n")
    #expect(blank.localizedUserMessage(in: .english) == "Check what you entered and try again.")
    #expect(
      blank.localizedUserMessage(in: .spanish)
        == "Revisa lo que has introducido e inténtalo de nuevo.")
  }

  @Test func currentLanguageFollowsTheTaskLanguage() async {
    let error = AppError.rateLimited(retryAfter: 10)
    let spanish = await L10n.withLanguage(.spanish) { () async in error.localizedUserMessage }
    let english = await L10n.withLanguage(.english) { () async in error.localizedUserMessage }
    #expect(spanish == error.localizedUserMessage(in: .spanish))
    #expect(english == error.userMessage)
  }

  @Test func localizerOverloadUsesItsTables() {
    let custom = Localizer(
      language: .spanish, table: StringTable(entries: ["error.unknown": "¡Vaya!"]))
    #expect(AppError.unknown("x").localizedUserMessage(using: custom) == "¡Vaya!")
  }
}
