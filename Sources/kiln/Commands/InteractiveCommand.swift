import AI
import AppComposition
import Core
import FeatureChat
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kiln` without a command: the chat. With a terminal on both ends it is the interactive
/// chat (line editor, streamed Markdown, status line); otherwise line mode, where each line
/// of standard input is a message or a slash command and replies are printed as plain text.
enum InteractiveCommand {
  @MainActor
  static func run(_ context: CommandContext, _ dependencies: AppDependencies) async -> ExitStatus {
    var persona: Persona?
    var opening: UUID?
    do {
      // Without --persona the session starts with the persona saved in the settings.
      persona = try AskCommand.persona(context)
      opening = try await ConversationLookup.named(by: context, in: dependencies)?.id
    } catch let error as CommandError {
      context.report(error)
      return error.status
    } catch {
      context.report(AppError.from(error))
      return .failure
    }
    let model = context.command.value("--model").map(ModelID.init(rawValue:))
    let (io, historyFile) = makeIO(context, dependencies)
    let session = InteractiveSession(
      dependencies: dependencies, io: io, historyFile: historyFile,
      environment: context.environment.variables, persona: persona, model: model,
      scrubber: context.scrubber)
    let signals = (io as? TerminalSessionIO).map { watchSignals(session: session, io: $0) }
    let status = await session.run(opening: opening)
    signals?.cancel()
    return status
  }

  /// The terminal chat when standard input and output are both terminals that can move the
  /// cursor, line mode otherwise (or when the terminal cannot be set up).
  @MainActor
  private static func makeIO(
    _ context: CommandContext, _ dependencies: AppDependencies
  )
    -> (any SessionIO, InputHistoryFile?)
  {
    let console = context.console
    let capabilities = context.outputCapabilities
    guard console.inputIsTerminal, console.outputIsTerminal, capabilities.isInteractive else {
      return (PipeSessionIO(console: console, capabilities: capabilities), nil)
    }
    let historyFile = dependencies.paths.map {
      InputHistoryFile(url: $0.dataDirectory.appendingPathComponent("history"))
    }
    let history = LineHistory(
      entries: historyFile?.load() ?? [], limit: InputHistoryFile.defaultLimit)
    do {
      let io = try TerminalSessionIO(
        capabilities: capabilities, history: history, completer: completer(dependencies))
      return (io, historyFile)
    } catch {
      dependencies.logger.error("set up the terminal", error, category: .ui)
      return (PipeSessionIO(console: console, capabilities: capabilities), nil)
    }
  }

  /// Tab completion: command names, then themes, personas, models and other arguments.
  @MainActor
  private static func completer(_ dependencies: AppDependencies) -> @Sendable (String) -> [String] {
    let themes = Theme.allCases.map(\.rawValue)
    let personas = PersonaCatalogue.all.map(\.id.rawValue)
    let models = dependencies.ai.catalogue.models.map(\.id.rawValue)
    return { text in
      SlashCommandCatalogue.completions(
        for: text, themes: themes, personas: personas, models: models)
    }
  }

  /// SIGTERM and SIGHUP end the chat cleanly (replies stopped and stored, history saved,
  /// terminal restored); SIGINT sent with `kill` acts like Ctrl-C.
  @MainActor
  private static func watchSignals(
    session: InteractiveSession, io: TerminalSessionIO
  )
    -> Task<Void, Never>
  {
    let signals = SignalEvents.stream([SIGTERM, SIGHUP, SIGINT])
    return Task { @MainActor in
      for await signal in signals {
        if signal == SIGINT {
          io.inject(.key(.control("c")))
          continue
        }
        await session.terminate()
        exit(128 + signal)
      }
    }
  }
}
