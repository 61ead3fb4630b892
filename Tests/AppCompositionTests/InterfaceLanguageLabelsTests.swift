import AI
import AppComposition
import Foundation
import Localization
import Storage
import Testing

/// What the composition root turns into the interface language: the export's words, the
/// built-in personas' names, the echo model's reason, configuration problems and file
/// failures. Each runs in Spanish for this task only.
@Suite struct InterfaceLanguageLabelsTests {
  @Test func everyBuiltInPersonaHasANameInEveryLanguage() {
    for language in Language.allCases {
      L10n.withLanguage(language) {
        let names = ConversationMarkdown.Labels.interfaceLanguage.personaNames
        for persona in BuiltInPersonas.all {
          #expect(names[persona.id]?.isEmpty == false, "\(persona.id) in \(language)")
        }
      }
    }
  }

  @Test func personasKeepTheirIdsAndShowTheLanguagesName() {
    L10n.withLanguage(.spanish) {
      #expect(L10n.Persona.name(forID: "general") == "Asistente general")
      #expect(L10n.Persona.name(forID: "mi-persona") == nil)
    }
    #expect(BuiltInPersonas.definition(id: "general")?.displayName == "General Assistant")
  }

  @Test func theExportSpeaksTheInterfaceLanguage() {
    let labels = L10n.withLanguage(.spanish) { ConversationMarkdown.Labels.interfaceLanguage }
    #expect(labels.you == "Tú")
    #expect(labels.assistant == "Asistente")
    #expect(labels.created == "Creada")
    #expect(labels.personaNames["translator"] == "Traductor")
  }

  @Test func theEchoReasonIsSaidInTheInterfaceLanguage() {
    let keys = ["PROXY_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY"]
    L10n.withLanguage(.spanish) {
      #expect(
        EchoReason.nothingSet(keys: keys).localizedDescription
          == "no hay ningún valor en PROXY_BASE_URL, OPENAI_BASE_URL ni OPENAI_API_KEY")
      #expect(
        EchoReason.placeholder(key: "PROXY_BASE_URL").localizedDescription
          == "PROXY_BASE_URL es un marcador de posición")
    }
    #expect(
      EchoReason.nothingSet(keys: keys).description
        == "no PROXY_BASE_URL, OPENAI_BASE_URL or OPENAI_API_KEY is set")
  }

  @Test func aBadSettingIsExplainedInTheInterfaceLanguage() {
    let configuration = Configuration(values: ["KILN_FREE_MESSAGE_LIMIT": "muchos"])
    let issues = L10n.withLanguage(.spanish) {
      ConfigurationValidator.issues(in: configuration).map(\.description)
    }
    #expect(
      issues == [
        "KILN_FREE_MESSAGE_LIMIT (entorno): 'muchos' no es un número entero mayor que cero. "
          + "Solución: pon KILN_FREE_MESSAGE_LIMIT = 10, por ejemplo."
      ])
  }

  @Test func aMissingFileIsExplainedInTheInterfaceLanguage() {
    let error = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))
    #expect(
      L10n.withLanguage(.spanish) { FileFailure.reason(error) } == "no existe ese archivo o carpeta"
    )
    #expect(L10n.withLanguage(.english) { FileFailure.reason(error) } == "no such file or folder")
  }
}

/// The AI module's and the price list's own complaints about a setting, worded by the
/// composition root in the interface language.
@Suite struct SettingProblemWordsTests {
  func spanishIssue(_ values: [String: String]) -> String? {
    L10n.withLanguage(.spanish) { () -> String? in
      do {
        _ = try AppDependencies.resolveAI(Configuration(values: values))
        return nil
      } catch let error as ConfigurationError {
        return error.issues.first?.description
      } catch {
        return "\(error)"
      }
    }
  }

  @Test func aBadModelListIsExplainedInSpanish() throws {
    let issue = try #require(spanishIssue(["KILN_MODELS": "llama3.2|Llama|0"]))
    #expect(issue.contains("entrada de modelo \"llama3.2|Llama|0\": la ventana de contexto no es"))
    #expect(!issue.contains("context window"), "\(issue)")
  }

  @Test func badProxyHeadersAreExplainedInSpanish() throws {
    let issue = try #require(
      spanishIssue([
        "PROXY_BASE_URL": "https://example.com/functions/v1",
        "PROXY_DEFAULT_HEADERS": "{\"bad name\": \"x\"}",
      ]))
    #expect(issue.contains("\"bad name\" no es un nombre de cabecera válido"), "\(issue)")
  }

  @Test func aBadPriceListEntryIsExplainedInSpanish() throws {
    let configuration = Configuration(values: ["KILN_PRODUCT_CATALOGUE": "monthly_plan=9.9.9 USD"])
    let issue = L10n.withLanguage(.spanish) {
      ConfigurationValidator.issues(in: configuration).first?.description
    }
    let text = try #require(issue)
    #expect(text.contains("'9.9.9' no es un importe como 9.99"), "\(text)")
  }

  @Test func theLogStillReadsTheProblemInEnglish() {
    let error = AIConfigurationError(key: "OPENAI_BASE_URL", problem: .notHTTPURL)
    #expect(error.description == "OPENAI_BASE_URL: is not an http(s) URL")
  }
}
