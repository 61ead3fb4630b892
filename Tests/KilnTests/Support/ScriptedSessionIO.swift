import AppComposition
import Core
import FeatureChat
import TerminalUI
import Testing

@testable import kiln

/// A session I/O that types scripted lines and answers, and records everything written,
/// so the chat's behaviour can be checked without a terminal. When the session closes it,
/// a line never read (beyond the `leavesUnread` last ones a test means to be left) or an
/// answer never asked for fails the test: the session stopped before doing what the test
/// scripted.
@MainActor
final class ScriptedSessionIO: SessionIO {
  let capabilities = TerminalCapabilities.plain
  let width: Int?
  let rows: Int?
  let isTerminal: Bool
  private var inputs: [SessionInput]
  private var answers: [String]
  /// What was written to the output.
  private(set) var output = ""
  /// What was written as problems.
  private(set) var errors = ""
  /// The questions asked, in order.
  private(set) var questions: [String] = []
  /// The text each prompt started with (`nil` for an empty prompt).
  private(set) var prefills: [String?] = []
  /// Called before each prompt with the number of lines read so far.
  var beforePrompt: @MainActor (Int) async -> Void = { _ in }
  private var read = 0
  private let leavesUnread: Int

  init(
    _ lines: [String], answers: [String] = [], isTerminal: Bool = false, width: Int? = nil,
    rows: Int? = 30, leavesUnread: Int = 0
  ) {
    self.rows = rows
    inputs = lines.map(SessionInput.line)
    self.leavesUnread = leavesUnread
    self.answers = answers
    self.isTerminal = isTerminal
    self.width = width ?? (isTerminal ? 80 : nil)
  }

  /// Adds Ctrl-C (or any other input) to the script.
  func append(_ input: SessionInput) {
    inputs.append(input)
  }

  func write(_ text: String) { output += text }
  func writeError(_ text: String) { errors += text }

  func readInput(prompt: StyledText, prefill: String?) async -> SessionInput {
    await beforePrompt(read)
    prefills.append(prefill)
    guard !inputs.isEmpty else { return .endOfFile }
    read += 1
    return inputs.removeFirst()
  }

  func ask(_ question: String, secret: Bool) async -> String? {
    questions.append(question)
    return answers.isEmpty ? nil : answers.removeFirst()
  }

  func beginReply(_ control: ReplyControl) {}
  func endReply() {}
  func submittedLines() async -> [String] { [] }
  func close() {
    if inputs.count != leavesUnread {
      let message =
        "ScriptedSessionIO: the session closed with \(inputs.count) inputs unread, "
        + "expected \(leavesUnread): \(inputs)"
      Issue.record(Comment(rawValue: message))
    }
    if !answers.isEmpty {
      Issue.record("ScriptedSessionIO: \(answers.count) scripted answers were never asked for")
    }
  }
}

/// A chat session over in-memory dependencies (the echo without delay, mock services).
@MainActor
func makeSession(
  _ io: ScriptedSessionIO, configuration: [String: String] = [:]
) -> (InteractiveSession, AppDependencies) {
  let dependencies = AppDependencies.preview(
    configuration: Configuration(values: configuration), uuid: .incrementing())
  let session = InteractiveSession(
    dependencies: dependencies, io: io, historyFile: nil, environment: [:],
    persona: PersonaCatalogue.defaultPersona, model: nil)
  return (session, dependencies)
}

/// The real app's dependencies over `home`'s data folder (a real SQLite database, the
/// development account and subscription remembered in its secure store), started as the
/// `kiln` binary starts them. Call `shutdown()` before opening the folder again.
@MainActor
func makeLiveDependencies(
  _ home: ChatTestHome, clock: AppClock = .live, environment extra: [String: String] = [:]
) async throws -> AppDependencies {
  let environment = AppEnvironment(
    variables: home.environment(extra), isDevelopmentBuild: true, clock: clock)
  let dependencies = try AppDependencies.live(
    configuration: try environment.loadConfiguration(), environment: environment)
  await dependencies.start()
  return dependencies
}

/// A chat session over `dependencies`, with the persona and model the settings saved.
@MainActor
func makeSession(
  _ io: ScriptedSessionIO, over dependencies: AppDependencies
)
  -> InteractiveSession
{
  InteractiveSession(dependencies: dependencies, io: io, historyFile: nil, environment: [:])
}
