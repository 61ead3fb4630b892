import AppComposition
import Core
import Foundation
import Localization
import TerminalUI

/// The `kiln` program: parses the command line, builds the app's dependencies once, runs one
/// command and turns its outcome into an exit status.
@MainActor
enum KilnApplication {
  nonisolated static let version = KilnVersion.current

  #if DEBUG
    static let isDevelopmentBuild = true
  #else
    static let isDevelopmentBuild = false
  #endif

  static func run(
    arguments: [String], environment: [String: String], console: Console
  ) async
    -> ExitStatus
  {
    // Help and command-line mistakes come before the configuration file is read: they
    // speak the language the environment names; the file's choice applies once it is read.
    let early = AppEnvironment(variables: environment, isDevelopmentBuild: isDevelopmentBuild)
    L10n.setLanguage(early.language(for: Configuration.merged(file: [:], environment: environment)))
    let command: ParsedCommand
    do {
      command = try Commands.parser.parse(arguments)
    } catch {
      console.error("kiln: \(error)\n")
      return .usage
    }
    if command.name == "version" && !command.has("--help") {
      console.output("kiln \(version)\n")
      return .success
    }
    if command.has("--help") || command.name == "help" {
      // `kiln --help` is the overview; `kiln chat --help` is the chat's own page.
      let namesCommand =
        CommandLineParser.commandFirst(arguments).first.map { !$0.hasPrefix("-") } ?? false
      let topic = command.name == "help" ? command.arguments.first : command.name
      return HelpCommand.run(topic: namesCommand ? topic : nil, console)
    }

    var appEnvironment = AppEnvironment(
      variables: environment, dataDirectoryOption: command.value("--data-dir"),
      configFileOption: command.value("--config"), isDevelopmentBuild: isDevelopmentBuild)
    // These only read: a data folder Kiln may not write still lists, shows and exports.
    appEnvironment.readsDataOnly = ["chats", "show", "search", "export"].contains(command.name)
    var context = CommandContext(
      command: command, console: console, environment: appEnvironment,
      noColor: command.has("--no-color"))

    do {
      let configuration = try appEnvironment.loadConfiguration()
      L10n.setLanguage(appEnvironment.language(for: configuration))
      context.scrubber = SecretScrubber(configuration: configuration)
      if command.name == "config" {
        return try ConfigCommand.run(configuration: configuration, context)
      }
      let dependencies: AppDependencies
      do {
        dependencies = try AppDependencies.live(
          configuration: configuration, environment: appEnvironment,
          logSinks: context.diagnosticSinks(configuration))
      } catch let failure as DataLocationError where command.name == "doctor" {
        // The doctor's job is to say what is wrong, so it reports this and checks the rest.
        return await DoctorCommand.run(context, configuration: configuration, dataFailure: failure)
      }
      let offline: Set<String> = ["chats", "show", "search", "export", "import"]
      // Only the chat lives long enough to keep a session alive; other commands renew the
      // token when they use it, so one that uses none starts no refresh.
      await dependencies.start(
        online: !offline.contains(command.name),
        keepsSessionAlive: command.name == Commands.interactive.name)
      let status = await dispatch(command, context: context, dependencies: dependencies)
      await dependencies.shutdown()
      return status
    } catch let error as ConfigurationError {
      context.report(configuration: error)
      return .usage
    } catch let error as CommandError {
      context.report(error)
      return error.status
    } catch let error as DataLocationError {
      context.report(CommandError.failure(error.description))
      return .failure
    } catch {
      context.report(AppError.from(error))
      return .failure
    }
  }

  private static func dispatch(
    _ command: ParsedCommand, context: CommandContext, dependencies: AppDependencies
  ) async -> ExitStatus {
    do {
      switch command.name {
      case "ask": return try await AskCommand.run(context, dependencies)
      case "chats": return try await ChatsCommand.run(context, dependencies)
      case "show": return try await ShowCommand.run(context, dependencies)
      case "delete": return try await DeleteCommand.run(context, dependencies)
      case "search": return try await SearchCommand.run(context, dependencies)
      case "export": return try await ExportCommand.run(context, dependencies)
      case "import": return try await ImportCommand.run(context, dependencies)
      case "doctor": return await DoctorCommand.run(context, dependencies)
      case "login": return try await AccountCommands.login(context, dependencies)
      case "signup": return try await AccountCommands.signup(context, dependencies)
      case "logout": return try await AccountCommands.logout(context, dependencies)
      case "whoami": return try await AccountCommands.whoami(context, dependencies)
      case "reset-password": return try await AccountCommands.resetPassword(context, dependencies)
      case "subscription": return try await SubscriptionCommand.run(context, dependencies)
      case "sync": return try await SyncCommand.run(context, dependencies)
      default: return await InteractiveCommand.run(context, dependencies)
      }
    } catch let error as CommandError {
      context.report(error)
      return error.status
    } catch {
      context.report(AppError.from(error))
      return .failure
    }
  }
}
