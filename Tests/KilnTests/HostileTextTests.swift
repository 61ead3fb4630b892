import Foundation
import Networking
import TestSupport
import Testing

/// The real `kiln` binary writing text it did not write itself: a model's reply, an
/// imported archive, a stored title, a provider's error. None of it may steer the terminal.
@Suite struct HostileTextTests {
  /// A set-title, a hyperlink, clear-screen, a cursor-position query and a
  /// carriage-return overwrite.
  static let hostile =
    "safe \u{1B}]0;owned\u{07}\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\"
    + " \u{1B}[2J\u{1B}[6n fake\rreal"

  /// What `hostile` looks like once cleaned.
  static let cleaned = "safe link  fake\u{FFFD}real"

  private static func assertClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(
      !text.contains("\u{1B}"), "no escape reaches the output: \(text.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(
      !text.contains("\r"), "no carriage return: \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  /// An archive with one conversation whose title and messages are `text`.
  static func archive(title: String, text: String, role: String = "assistant") -> String {
    let conversation: [String: Any] = [
      "id": "0193F2A1-0000-7000-8000-000000000001", "title": title,
      "createdAt": "2026-06-01T12:00:00.000Z", "updatedAt": "2026-06-01T12:00:00.000Z",
      "isPinned": false, "isArchived": false,
      "messages": [
        [
          "id": "0193F2A1-0000-7000-8000-0000000000A1", "role": "user", "text": "question",
          "createdAt": "2026-06-01T12:00:00.000Z", "status": "complete", "isOnActivePath": true,
        ],
        [
          "id": "0193F2A1-0000-7000-8000-0000000000A2",
          "parentID": "0193F2A1-0000-7000-8000-0000000000A1", "role": role, "text": text,
          "createdAt": "2026-06-01T12:00:01.000Z", "status": "complete",
          "isOnActivePath": true, "model": "model\u{1B}[2J",
        ],
      ],
    ]
    let archive: [String: Any] = [
      "format": "kiln.chat-archive", "version": 1, "exportedAt": "2026-06-01T12:00:00.000Z",
      "conversations": [conversation],
    ]
    let data = (try? JSONSerialization.data(withJSONObject: archive)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func askWritesAModelsEscapeSequencesAsPlainText() async throws {
    let home = try ChatTestHome()
    // The echo model answers with the message: the reply is the hostile text.
    let run = try await home.runWithPipes(["ask", Self.hostile], input: "")
    #expect(run.status == 0, "\(run.error)")
    Self.assertClean(run.output)
    #expect(run.output == Self.cleaned + "\n")

    let json = try await home.runWithPipes(["ask", "--json", Self.hostile], input: "")
    #expect(
      try KilnOutput.object(json.output)["content"] as? String == Self.hostile,
      "JSON carries the exact text, escaped")
  }

  @Test func theChatWritesAModelsEscapeSequencesAsPlainText() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes([], input: Self.hostile + "\n/copy\n/quit\n")
    #expect(run.status == 0, "\(run.error)")
    Self.assertClean(run.output)
    #expect(run.output.contains(Self.cleaned))
  }

  @Test func importedTitlesAndMessagesCannotSteerTheTerminal() async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("hostile.json")
    try Data(Self.archive(title: "title " + Self.hostile, text: Self.hostile).utf8).write(to: file)
    let imported = try await home.runWithPipes(["import", file.path], input: "")
    #expect(imported.status == 0, "\(imported.error)")

    let chats = try await home.runWithPipes(["chats"], input: "")
    Self.assertClean(chats.output)
    #expect(chats.output.contains("title " + Self.cleaned))

    for options in [["show"], ["show", "--no-color"]] {
      let show = try await home.runWithPipes(options + ["0193f2a1"], input: "")
      #expect(show.status == 0, "\(show.error)")
      Self.assertClean(show.output)
      #expect(show.output.contains(Self.cleaned), "\(show.output)")
      #expect(show.output.hasPrefix("# title " + Self.cleaned + "\n"))
    }

    let search = try await home.runWithPipes(["search", "real"], input: "")
    Self.assertClean(search.output)
    #expect(search.output.contains("title " + Self.cleaned))
  }

  @Test func aHugeTitleIsCutInTheList() async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("huge.json")
    let title = String(repeating: "long ", count: 200_000)
    try Data(Self.archive(title: title, text: "hi").utf8).write(to: file)
    #expect(try await home.runWithPipes(["import", file.path], input: "").status == 0)
    let chats = try await home.runWithPipes(["chats"], input: "")
    #expect(chats.status == 0)
    let line = try #require(chats.output.split(separator: "\n").first)
    #expect(line.count < 120, "\(line.count) characters")
    #expect(line.hasSuffix("\u{2026}"))

    // The chat's own list, in a pipe where no terminal width cuts it.
    let chat = try await home.runWithPipes([], input: "/chats\n/quit\n")
    #expect(chat.status == 0, "\(chat.error)")
    #expect(chat.output.contains("long long"))
    let longest = chat.output.split(separator: "\n").map(\.count).max() ?? 0
    #expect(longest < 120, "\(longest) characters")
  }

  @Test func aProvidersRefusalWithATextBodyBlamesTheKeyNotAPassword() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.route(
        .post, "/v1/chat/completions", .text("Unauthorized \u{1B}]0;owned\u{07}", status: 401))
      let home = try ChatTestHome()
      let environment = KilnOutput.provider(server, ["OPENAI_API_KEY": "sk-test-key-0000"])
      let ask = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
      #expect(ask.status == 1)
      #expect(ask.error.contains("The AI provider refused the API key."), "\(ask.error)")
      #expect(ask.error.contains("[api_key_rejected]"), "\(ask.error)")
      #expect(!ask.error.contains("email or password"))
      Self.assertClean(ask.error)

      let chat = try await home.runWithPipes([], input: "hi\n", environment: environment)
      #expect(chat.error.contains("The AI provider refused the API key."), "\(chat.error)")
      #expect(!chat.error.contains("email or password"))
    }
  }

  @Test func onATerminalOnlyKilnsOwnStylingIsWritten() async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("hostile.json")
    try Data(Self.archive(title: "title", text: Self.hostile).utf8).write(to: file)
    #expect(try await home.runWithPipes(["import", file.path], input: "").status == 0)
    for arguments in [
      ["show", "0193f2a1"], ["show", "--no-color", "0193f2a1"], ["ask", Self.hostile],
    ] {
      let kiln = try home.startOnTerminal(arguments)
      #expect(try await kiln.waitForExit() == 0, "\(arguments)")
      let raw = kiln.rawOutput
      for forbidden in ["]0;owned", "]8;;", "\u{1B}[2J", "\u{1B}[6n", "fake\rreal"] {
        #expect(
          !raw.contains(forbidden),
          "\(arguments): \(forbidden.debugDescription) reached the terminal")
      }
      #expect(kiln.plainOutput.contains(Self.cleaned), "\(arguments): \(kiln.plainOutput)")
    }
  }
}
