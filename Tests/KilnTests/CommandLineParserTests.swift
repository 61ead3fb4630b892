import Testing

@testable import kiln

@Suite struct CommandLineParserTests {
  private let parser = Commands.parser

  @Test func noArgumentsOpenTheInteractiveChat() throws {
    #expect(try parser.parse([]) == ParsedCommand(name: "chat"))
  }

  @Test func optionsValuesAndArgumentsAreSeparated() throws {
    let command = try parser.parse([
      "ask", "--json", "--model=gpt-4o", "--persona", "translator", "hi", "there",
    ])
    #expect(command.name == "ask")
    #expect(command.has("--json"))
    #expect(command.value("--model") == "gpt-4o")
    #expect(command.value("--persona") == "translator")
    #expect(command.arguments == ["hi", "there"])
  }

  @Test func aTwoValueOptionIsRepeatableAndKeepsItsOrder() throws {
    let command = try parser.parse([
      "ask", "-o", "temperature", "0.2", "--option", "max_tokens", "50", "hi",
    ])
    #expect(
      command.pairs["--option"] == [
        ParsedCommand.Pair(name: "temperature", value: "0.2"),
        ParsedCommand.Pair(name: "max_tokens", value: "50"),
      ])
    #expect(command.arguments == ["hi"])
  }

  @Test func aTwoValueOptionWithOneValueIsAUsageMistake() {
    #expect(throws: CommandLineParser.UsageError.self) {
      try parser.parse(["ask", "hi", "-o", "temperature"])
    }
    #expect(throws: CommandLineParser.UsageError.self) {
      try parser.parse(["ask", "--option=temperature", "0.2", "hi"])
    }
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try parser.parse(["ask", "--", "--not-an-option"]).arguments == ["--not-an-option"])
  }

  @Test func globalOptionsWorkWithEveryCommand() throws {
    let command = try parser.parse(["chats", "--data-dir", "/tmp/k", "--no-color"])
    #expect(command.value("--data-dir") == "/tmp/k")
    #expect(command.has("--no-color"))
  }

  @Test func globalOptionsMayComeBeforeTheCommand() throws {
    let command = try parser.parse(["--config", "/tmp/c", "--no-color", "ask", "--json", "hi"])
    #expect(command.name == "ask")
    #expect(command.value("--config") == "/tmp/c")
    #expect(command.has("--no-color") && command.has("--json"))
    #expect(command.arguments == ["hi"])
    let inline = try parser.parse(["--data-dir=/tmp/d", "chats"])
    #expect(inline.name == "chats")
    #expect(inline.value("--data-dir") == "/tmp/d")
    let chat = try parser.parse(["--data-dir", "/tmp/d"])
    #expect(chat.name == "chat")
    #expect(chat.value("--data-dir") == "/tmp/d")
  }

  @Test func unknownCommandsSuggestTheClosest() {
    #expect {
      _ = try parser.parse(["serch", "x"])
    } throws: { error in
      String(describing: error).contains("Did you mean 'search'?")
    }
  }

  @Test func unknownOptionsNameTheCommandAndSuggest() {
    #expect {
      _ = try parser.parse(["ask", "--jsn"])
    } throws: { error in
      let text = String(describing: error)
      return text.contains("'--jsn'") && text.contains("kiln ask") && text.contains("--json")
    }
  }

  @Test func missingValuesAndArgumentCountsAreErrors() {
    #expect(throws: CommandLineParser.UsageError.self) { _ = try parser.parse(["ask", "--model"]) }
    #expect(throws: CommandLineParser.UsageError.self) { _ = try parser.parse(["show"]) }
    #expect(throws: CommandLineParser.UsageError.self) { _ = try parser.parse(["chats", "extra"]) }
    #expect(throws: CommandLineParser.UsageError.self) {
      _ = try parser.parse(["chats", "--json=1"])
    }
  }

  @Test func tooManyArgumentsAreQuotedNotCalledMissing() {
    #expect {
      _ = try parser.parse(["show", "a", "b"])
    } throws: { error in
      String(describing: error)
        == "'kiln show' takes only a conversation ID (left over: 'b'): kiln show [--json] ID"
    }
    #expect {
      _ = try parser.parse(["help", "ask", "extra"])
    } throws: { error in
      String(describing: error).hasPrefix("'kiln help' takes only a COMMAND (left over: 'extra')")
    }
    #expect {
      _ = try parser.parse(["version", "extra"])
    } throws: { error in
      String(describing: error)
        == "'kiln version' takes no arguments (got 'extra'): kiln version"
    }
  }

  @Test func everySpellingOfVersionIsTheVersionCommand() throws {
    for spelling in ["--version", "-V", "-v", "version"] {
      #expect(try parser.parse([spelling]).name == "version")
      let styled = try parser.parse([spelling, "--no-color"])
      #expect(styled.name == "version" && styled.has("--no-color"))
    }
    #expect(try parser.parse(["--data-dir", "/tmp/d", "--version"]).name == "version")
    #expect(throws: CommandLineParser.UsageError.self) { _ = try parser.parse(["-v", "x"]) }
  }

  @Test func helpNeedsNoArguments() throws {
    #expect(try parser.parse(["show", "--help"]).has("--help"))
    #expect(try parser.parse(["-h"]).has("--help"))
  }
}
