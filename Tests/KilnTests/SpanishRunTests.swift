import Foundation
import Localization
import Testing

@testable import kiln

/// `kiln` with `LANG=es_ES.UTF-8`, run as a person runs it: every command (with its help and
/// its usual mistakes), every slash command over a pipe, and the terminal chat. Nothing it
/// prints may be English text from the string tables (`EnglishCatalogue`).
@Suite(.serialized) struct SpanishRunTests {
  private static let spanish = ["LANG": "es_ES.UTF-8"]

  /// Runs `kiln` in Spanish and adds what it printed to `transcript`. JSON on standard
  /// output is left out: it is data for scripts and keeps stored values (such as the persona
  /// name a conversation was created with) as they are.
  private func run(
    _ home: ChatTestHome, _ arguments: [String], input: String = "",
    into transcript: inout String
  ) async throws -> String {
    let result = try await home.runWithPipes(arguments, input: input, environment: Self.spanish)
    let printsJSON =
      arguments.contains("--json")
      || (arguments.first == "export" && !arguments.contains("markdown"))
    let isJSON = printsJSON && (result.output.hasPrefix("[") || result.output.hasPrefix("{"))
    transcript +=
      "$ kiln \(arguments.joined(separator: " "))\n\(isJSON ? "" : result.output)\(result.error)\n"
    return result.output
  }

  @Test func everyCommandSpeaksSpanish() async throws {
    let home = try ChatTestHome()
    var transcript = ""
    _ = try await run(home, ["ask", "hola desde la prueba"], into: &transcript)
    _ = try await run(home, ["ask", "otra pregunta de prueba"], into: &transcript)
    let listed = try await run(home, ["chats", "--json"], into: &transcript)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
    let first = try #require(rows.first?["id"] as? String)
    let second = try #require(rows.last?["id"] as? String)

    var runs: [[String]] = [
      ["--help"], ["version"], ["chast"], ["chats", "--bogus"], ["show"],
      ["chats", "--limit", "0"],
      ["ask", "--json", "-x", "hola"], ["ask", "-c", "--conversation", first, "hola"],
      ["ask", "--persona", "nadie", "hola"], ["ask", "-s", "sé breve", "hola"],
      ["chats"], ["chats", "--archived"], ["show", first], ["show", "zzzz"],
      ["ask", "--conversation", "0", "hola"], ["search", "prueba"], ["search", "zzzz"],
      ["search", "*"], ["export", "--format", "xml"], ["export", "--format", "markdown"],
      ["export", "--format", "markdown", first], ["import", home.root.path + "/no-existe.json"],
      ["config"], ["doctor"], ["subscription"], ["whoami"], ["logout"],
      ["reset-password", "--email", "ana@example.com"], ["help", "nada"],
    ]
    runs += Commands.all.map { ["help", $0.name] }
    for arguments in runs { _ = try await run(home, arguments, into: &transcript) }
    _ = try await run(home, ["ask"], input: "", into: &transcript)
    _ = try await run(
      home, ["login", "--email", "ana@example.com", "--password-stdin"], input: "secreto123\n",
      into: &transcript)
    _ = try await run(home, ["whoami"], into: &transcript)
    _ = try await run(home, ["delete", second], input: "n\n", into: &transcript)
    _ = try await run(home, ["delete", "--yes", second], into: &transcript)

    let leaks = try EnglishCatalogue.leaks(in: transcript)
    #expect(leaks.isEmpty, "English in the Spanish run: \(leaks)\n\(transcript)")
  }

  @Test func everySlashCommandSpeaksSpanish() async throws {
    let home = try ChatTestHome()
    var transcript = ""
    _ = try await run(home, ["ask", "hola desde la prueba"], into: &transcript)
    let lines = [
      "/help", "/help chats", "/help nada", "/nada", "/", "/chats", "/chats archived",
      "/chats de más", "/open 1", "/open 9", "/open zzzz", "hola otra vez", "/usage",
      "/versions", "/versions 9", "/copy", "/regen", "/retry", "/edit 9", "/edit",
      "texto editado", "/rename Charla de prueba", "/pin", "/unpin", "/archive", "/unarchive",
      "/search hola", "/search zzzz", "/search", "/persona", "/persona nadie", "/model",
      "/model nope-model", "/memory", "/memory add me gusta el té", "/memory",
      "/memory edit 1 me gusta el café", "/memory delete 1", "/memory delete 5",
      "/memory quizá", "/theme", "/theme nada", "/theme aurora", "/settings",
      "/settings haptics", "/settings haptics quizá", "/settings nada", "/settings model 9",
      "/settings chat-style nada", "/upgrade", "/upgrade 9", "/restore", "/whoami",
      "/export markdown -", "/export json \(home.root.path)/charla.json", "/delete", "n",
      "/login", "ana@example.com", "secreto123", "/whoami", "/login", "/logout", "/logout",
      "/delete-account", "/new", "/retry", "/delete 7", "/quit",
    ]
    _ = try await run(
      home, [], input: lines.joined(separator: "\n") + "\n", into: &transcript)

    let leaks = try EnglishCatalogue.leaks(in: transcript)
    #expect(leaks.isEmpty, "English in the Spanish chat: \(leaks)\n\(transcript)")
  }

  @Test func theTerminalChatSpeaksSpanish() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal(environment: Self.spanish)
    var mark = try await kiln.waitFor("› ")
    kiln.type("hola desde el terminal\r")
    mark = try await kiln.waitFor("hola desde el terminal", after: mark)
    mark = try await kiln.waitFor("› ", after: mark)
    kiln.type("/help\r")
    _ = try await kiln.waitFor("Ctrl-L", after: mark)
    kiln.control("c")
    kiln.type("/quit\r")
    #expect(try await kiln.waitForExit() == 0)

    let leaks = try EnglishCatalogue.leaks(in: kiln.plainOutput)
    #expect(leaks.isEmpty, "English in the Spanish terminal chat: \(leaks)\n\(kiln.plainOutput)")
  }

  @Test func configSaysWhereEachValueCameFromInSpanish() async throws {
    // Too short for the catalogue check: "environment" is one word.
    let home = try ChatTestHome()
    var environment = Self.spanish
    environment["KILN_MODEL"] = "modelo-local"
    let result = try await home.runWithPipes(["config"], input: "", environment: environment)
    #expect(result.output.contains("KILN_MODEL = modelo-local   (de entorno)"))
    #expect(!result.output.contains("environment"))
  }

  @Test func setupReportsSpeakSpanish() async throws {
    // Words from outside kiln: the echo model's reason (AI), configuration problems and file
    // failures (AppComposition), and what carries streams (Networking).
    let home = try ChatTestHome()
    var transcript = ""
    let config = try await run(home, ["config"], into: &transcript)
    #expect(
      config.contains("no hay ningún valor en PROXY_BASE_URL, OPENAI_BASE_URL ni OPENAI_API_KEY"))
    let doctor = try await run(home, ["doctor"], into: &transcript)
    #expect(doctor.contains("streaming: "))
    let file = home.root.appendingPathComponent("config-con-errata")
    try "KILN_MODLE = modelo-local\n".write(to: file, atomically: true, encoding: .utf8)
    let warned = try await run(home, ["config", "--config", file.path], into: &transcript)
    #expect(warned.contains("Kiln no conoce esta clave, así que la ignora"))
    #expect(warned.contains("escribe KILN_MODEL si es la clave que querías."))
    _ = try await run(
      home, ["config", "--config", home.root.path + "/no-existe.conf"], into: &transcript)
    #expect(transcript.contains("no existe ese archivo o carpeta"))
    var environment = Self.spanish
    environment["KILN_FREE_MESSAGE_LIMIT"] = "muchos"
    let bad = try await home.runWithPipes(["config"], input: "", environment: environment)
    transcript += "$ KILN_FREE_MESSAGE_LIMIT=muchos kiln config\n\(bad.output)\(bad.error)\n"
    #expect(
      (bad.output + bad.error).contains(
        "KILN_FREE_MESSAGE_LIMIT (entorno): 'muchos' no es un número entero mayor que cero."))

    for english in [
      "is set", "flow-controlled", "does not know this key", "if that is the key you meant",
      "no such file", "whole number", "Fix:", "(environment)",
    ] {
      #expect(!transcript.contains(english), "\(english) in the Spanish run\n\(transcript)")
    }
    let leaks = try EnglishCatalogue.leaks(in: transcript)
    #expect(leaks.isEmpty, "English in the Spanish run: \(leaks)\n\(transcript)")
  }

  @Test func anUnusableDataFolderIsExplainedInSpanish() async throws {
    let home = try ChatTestHome()
    try Data("x".utf8).write(to: home.dataDirectory)
    let run = try await home.runWithPipes(["chats"], input: "", environment: Self.spanish)
    #expect(run.status == 1)
    #expect(
      run.error.contains(
        "no se puede crear la carpeta de datos \(home.dataDirectory.path) "
          + "(hay un archivo con ese nombre en medio). Solución: asegúrate"), "\(run.error)")
    #expect(!run.error.contains("Fix:"))
    #expect(!run.error.contains("cannot be created"))
  }

  @Test func exportAndPersonasSpeakSpanish() async throws {
    // The Markdown headings come from Storage and the persona names from AI's table.
    let home = try ChatTestHome()
    var transcript = ""
    _ = try await run(home, ["ask", "hola desde la prueba"], into: &transcript)
    let listed = try await run(home, ["chats", "--json"], into: &transcript)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
    let id = try #require(rows.first?["id"] as? String)
    #expect(rows.first?["persona_id"] as? String == "general", "ids stay as they are")
    let markdown = try await run(home, ["export", "--format", "markdown", id], into: &transcript)
    #expect(markdown.contains("- Persona: Asistente general\n"))
    #expect(markdown.contains("- Creada: "))
    #expect(markdown.contains("### Tú · "))
    #expect(markdown.contains("### Asistente · "))
    let chats = try await run(home, ["chats"], into: &transcript)
    #expect(chats.contains("(Asistente general)"))
    let chat = try await run(
      home, [], input: "/persona\n/persona traductor\n/persona translator\n/quit\n",
      into: &transcript)
    #expect(chat.contains("Asistente general"))
    #expect(chat.contains("Traductor"))

    for english in [
      "General Assistant", "Translator", "- Created:", "- Updated:", "### You", "### Assistant",
    ] {
      #expect(!transcript.contains(english), "\(english) in the Spanish run\n\(transcript)")
    }
    let leaks = try EnglishCatalogue.leaks(in: transcript)
    #expect(leaks.isEmpty, "English in the Spanish run: \(leaks)\n\(transcript)")
  }

  @Test func theCheckFindsEnglishInAnEnglishRun() async throws {
    // The same check over an English run must find the catalogue's words, or it proves
    // nothing about the Spanish ones.
    let home = try ChatTestHome()
    let result = try await home.runWithPipes(["--help"], input: "")
    let leaks = try EnglishCatalogue.leaks(in: result.output)
    #expect(
      leaks.contains("Without a command, kiln opens the interactive chat (type /help there)."))
  }

  @Test func aPlaceholderSplitsAValueIntoPieces() {
    #expect(
      EnglishCatalogue.split("Imported %@, skipped %2$lld already present\nnext line")
        == ["Imported", ", skipped", "already present", "next line"])
    #expect(EnglishCatalogue.split("100%% sure") == ["100", "sure"])
  }
}
