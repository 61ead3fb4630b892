import Localization

/// `kiln --help` and `kiln help COMMAND`.
enum HelpCommand {
  static func run(topic: String?, _ console: Console) -> ExitStatus {
    guard let topic else {
      console.output(overview)
      return .success
    }
    guard let spec = Commands.all.first(where: { $0.name == topic }) else {
      console.error("kiln: \(L10n.Terminal.Help.noHelp(topic))\n")
      return .usage
    }
    console.output(help(for: spec))
    return .success
  }

  static var overview: String {
    var text = """
      kiln \(KilnApplication.version): \(L10n.Terminal.Help.overviewTagline)

      \(L10n.Terminal.Help.usageLabel) kiln [COMMAND] [OPTIONS]

      \(L10n.Terminal.Help.overviewDefault)

      \(L10n.Terminal.Help.commandsHeading)

      """
    for spec in Commands.all where spec.name != "help" {
      text += "  \(spec.name.padding(toLength: 15, withPad: " ", startingAt: 0))\(spec.summary)\n"
    }
    text += """

      \(L10n.Terminal.Help.globalOptionsHeading)

      """
    text += optionLines(CommandSpec.globalOptions)
    text += """

      \(L10n.Terminal.Help.configureProvider)
        OPENAI_API_KEY=sk-...                         OpenAI
        OPENAI_API_KEY=sk-or-...                      OpenRouter
        OPENAI_BASE_URL=http://localhost:11434/v1     Ollama, LM Studio, llama.cpp
        PROXY_BASE_URL=https://.../functions/v1       \(L10n.Terminal.Help.providerProxy)
      \(L10n.Terminal.Help.configAndDoctor)

      \(L10n.Terminal.Help.exitStatus)

      """
    return text
  }

  static func help(for spec: CommandSpec) -> String {
    let usage = "kiln \(spec.name) \(spec.usage)".trimmingCharacters(in: .whitespaces)
    var text = "\(L10n.Terminal.Help.usageLabel) \(usage)\n\n\(spec.summary)\n"
    if !spec.options.isEmpty {
      text += "\n\(L10n.Terminal.Help.optionsHeading)\n" + optionLines(spec.options)
    }
    return text
  }

  private static func optionLines(_ options: [CommandSpec.Option]) -> String {
    options.map { option in
      let long = option.valueName.map { "\(option.name) \($0)" } ?? option.name
      let name = option.short.map { "\($0), \(long)" } ?? "    \(long)"
      let also =
        option.aliases.isEmpty
        ? "" : " " + L10n.Terminal.Help.optionAlso(option.aliases.joined(separator: ", "))
      return
        "  \(name.padding(toLength: 24, withPad: " ", startingAt: 0))\(option.summary)\(also)\n"
    }.joined()
  }
}
