import Testing

@testable import kiln

@Suite struct InteractiveSlashCommandTests {
  @Test(arguments: [
    ("/new", SlashCommand.newConversation(persona: nil)),
    ("/new swift-expert", .newConversation(persona: "swift-expert")),
    ("/chats", .chats(includeArchived: false)),
    ("/list archived", .chats(includeArchived: true)),
    ("/open 3", .open(.number(3))),
    ("/open 0193f2a1", .open(.identifier("0193f2a1"))),
    ("/rename  A new   title ", .rename("A new   title")),
    ("/delete", .delete(nil)),
    ("/delete 2", .delete(.number(2))),
    ("/pin", .pin(nil)),
    ("/unpin 1", .unpin(.number(1))),
    ("/archive abcd1234", .archive(.identifier("abcd1234"))),
    ("/unarchive", .unarchive(nil)),
    ("/search swift actors", .search("swift actors")),
    ("/find x", .search("x")),
    ("/persona", .persona(nil)),
    ("/persona translator", .persona("translator")),
    ("/model gpt-4o-mini", .model("gpt-4o-mini")),
    ("/memory", .memory(.list)),
    ("/memory list", .memory(.list)),
    ("/memory add I live in Lisbon", .memory(.add("I live in Lisbon"))),
    ("/memory edit 2 I live in Porto", .memory(.edit(2, "I live in Porto"))),
    ("/memory delete 1", .memory(.delete(1))),
    ("/memory forget 4", .memory(.delete(4))),
    ("/retry", .retry),
    ("/edit", .edit(nil)),
    ("/edit 2", .edit(2)),
    ("/regen", .regenerate),
    ("/regenerate", .regenerate),
    ("/versions", .versions(nil)),
    ("/versions 1", .versions(1)),
    ("/copy", .copy),
    ("/export", .export(format: .markdown, file: nil)),
    ("/export json", .export(format: .json, file: nil)),
    ("/export md notes/chat one.md", .export(format: .markdown, file: "notes/chat one.md")),
    ("/export out.md", .export(format: .markdown, file: "out.md")),
    ("/theme", .theme(nil)),
    ("/theme aurora", .theme("aurora")),
    ("/usage", .usage),
    ("/settings", .settings(name: nil, value: nil)),
    ("/settings haptics off", .settings(name: "haptics", value: "off")),
    ("/upgrade", .upgrade(nil)),
    ("/upgrade 2", .upgrade(2)),
    ("/restore", .restore),
    ("/login", .login(email: nil)),
    ("/login me@example.com", .login(email: "me@example.com")),
    ("/logout", .logout),
    ("/whoami", .whoami),
    ("/help", .help(nil)),
    ("/help /memory", .help("memory")),
    ("/quit", .quit),
    ("/exit", .quit),
    ("  /QUIT  ", .quit),
  ])
  func linesParse(_ line: String, _ expected: SlashCommand) throws {
    #expect(try SlashCommand.parse(line) == expected)
  }

  @Test(arguments: [
    ("/chast", "chats"),
    ("/nwe", "new"),
    ("/serach", "search"),
    ("/regn", "regen"),
    ("/qit", "quit"),
  ])
  func unknownCommandsSuggestTheClosest(_ line: String, _ suggestion: String) {
    #expect(throws: SlashCommandError.self) { try SlashCommand.parse(line) }
    do {
      _ = try SlashCommand.parse(line)
    } catch {
      #expect(error.suggestion == suggestion)
      #expect(error.message.contains("Did you mean /\(suggestion)?"))
      #expect(error.message.contains("/help"))
    }
  }

  @Test func somethingFarFromEveryCommandGetsNoSuggestion() {
    do {
      _ = try SlashCommand.parse("/xyzzyplugh")
      Issue.record("parsed an unknown command")
    } catch {
      #expect(error.suggestion == nil)
      #expect(error.message == "Unknown command /xyzzyplugh. Type /help for the list.")
    }
  }

  @Test(arguments: [
    ("/", "Type a command after the slash"),
    ("/rename", "/rename needs the new title. Usage: /rename TITLE"),
    ("/open", "/open needs a number from /chats or a conversation id"),
    ("/open 1 2", "/open takes one number or conversation id, not 2. Usage: /open N|ID"),
    ("/search", "/search needs something to look for"),
    ("/edit two", "/edit takes a number from 1 up, not 'two'"),
    ("/versions 0", "/versions takes a number from 1 up"),
    ("/retry now", "/retry takes no arguments"),
    ("/chats everything", "add 'archived'"),
    ("/memory add", "add needs the fact"),
    ("/memory edit x y", "edit needs a number and the new text"),
    ("/memory delete", "delete needs the number of a fact"),
    ("/memory shout", "/memory add TEXT"),
    ("/theme a b", "/theme takes one argument. Usage: /theme [NAME]"),
  ])
  func malformedArgumentsSayHowToFixThem(_ line: String, _ message: String) {
    do {
      _ = try SlashCommand.parse(line)
      Issue.record("\(line) parsed")
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func referencesOfUpToThreeDigitsAreListNumbers() {
    #expect(ConversationReference("1") == .number(1))
    #expect(ConversationReference("999") == .number(999))
    #expect(ConversationReference("1234") == .identifier("1234"))
    #expect(ConversationReference("0") == .identifier("0"))
    #expect(ConversationReference("ab12") == .identifier("ab12"))
  }

  @Test func everyCatalogueEntryParsesWithoutArgumentsOrSaysWhatItNeeds() {
    for spec in SlashCommandCatalogue.all {
      do {
        _ = try SlashCommand.parse("/" + spec.name)
      } catch {
        #expect(error.message.contains("Usage: /\(spec.name)"), "\(spec.name): \(error.message)")
      }
    }
  }

  @Test func namesAndAliasesAreUnique() {
    let names = SlashCommandCatalogue.allNames
    #expect(Set(names).count == names.count)
  }

  @Test func tabCompletesCommandsAndTheirArguments() {
    let complete = { (text: String) in
      SlashCommandCatalogue.completions(
        for: text, themes: ["system", "aurora"], personas: ["general", "translator"],
        models: ["gpt-4o-mini"])
    }
    #expect(complete("/re") == ["/rename", "/retry", "/regen", "/restore"])
    #expect(complete("/theme a") == ["/theme aurora"])
    #expect(complete("/new t") == ["/new translator"])
    #expect(complete("/model ") == ["/model gpt-4o-mini"])
    #expect(complete("/export j") == ["/export json"])
    #expect(complete("hello").isEmpty)
  }
}
