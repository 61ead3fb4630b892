/// `kiln --help` and `kiln help COMMAND`.
enum HelpCommand {
  static func run(topic: String?, _ console: Console) -> ExitStatus {
    guard let topic else {
      console.output(overview)
      return .success
    }
    guard let spec = Commands.all.first(where: { $0.name == topic }) else {
      console.error("kiln: no help for '\(topic)': it is not a command. See 'kiln --help'.\n")
      return .usage
    }
    console.output(help(for: spec))
    return .success
  }

  static var overview: String {
    var text = """
      kiln \(KilnApplication.version): an AI chat in your terminal, built on Kiln's view models.

      usage: kiln [COMMAND] [OPTIONS]

      Without a command, kiln opens the interactive chat (type /help there).

      commands:

      """
    for spec in Commands.all where spec.name != "help" {
      text += "  \(spec.name.padding(toLength: 15, withPad: " ", startingAt: 0))\(spec.summary)\n"
    }
    text += """

      options for every command:

      """
    text += optionLines(CommandSpec.globalOptions)
    text += """

      Configure a provider with environment variables or ~/.config/kiln/config:
        OPENAI_API_KEY=sk-...                         OpenAI
        OPENAI_API_KEY=sk-or-...                      OpenRouter
        OPENAI_BASE_URL=http://localhost:11434/v1     Ollama, LM Studio, llama.cpp
        PROXY_BASE_URL=https://.../functions/v1       Kiln's proxy (keys stay on the server)
      `kiln config` shows what kiln uses; `kiln doctor` checks it.

      exit status: 0 success, 1 failure while running, 2 usage or configuration error;
      129, 130, 143 when SIGHUP, SIGINT or SIGTERM stopped a reply (what arrived is kept).

      """
    return text
  }

  static func help(for spec: CommandSpec) -> String {
    let usage = "kiln \(spec.name) \(spec.usage)".trimmingCharacters(in: .whitespaces)
    var text = "usage: \(usage)\n\n\(spec.summary)\n"
    if !spec.options.isEmpty {
      text += "\noptions:\n" + optionLines(spec.options)
    }
    return text
  }

  private static func optionLines(_ options: [CommandSpec.Option]) -> String {
    options.map { option in
      let long = option.valueName.map { "\(option.name) \($0)" } ?? option.name
      let name = option.short.map { "\($0), \(long)" } ?? "    \(long)"
      let also = option.aliases.isEmpty ? "" : " (also \(option.aliases.joined(separator: ", ")))"
      return
        "  \(name.padding(toLength: 24, withPad: " ", startingAt: 0))\(option.summary)\(also)\n"
    }.joined()
  }
}
