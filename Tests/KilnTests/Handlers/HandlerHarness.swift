import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport

@testable import kiln

/// What a command handler needs and nothing else: a console over scripted I/O, the
/// session's focus, and (for the handlers that keep data) a real SQLite database in a
/// temporary folder, removed when the harness goes.
@MainActor
final class HandlerHarness {
  let io: ScriptedSessionIO
  let console: SessionConsole
  let focus: SessionFocus
  private var folder: URL?

  init(
    answers: [String] = [], persona: Persona = PersonaCatalogue.defaultPersona,
    model: ModelID? = nil, defaultModel: ModelID? = nil, rows: Int? = 30
  ) {
    io = ScriptedSessionIO([], answers: answers, rows: rows)
    console = SessionConsole(
      io: io, scrubber: SecretScrubber(secrets: []), environment: [:], selectedTheme: .system)
    focus = SessionFocus(persona: persona, model: model, defaultModel: defaultModel)
  }

  /// A database file of its own, made on first use.
  func database() throws -> StorageDatabase {
    let folder = try self.folder ?? makeTemporaryDirectory()
    self.folder = folder
    return try StorageDatabase(
      path: folder.appendingPathComponent("kiln.sqlite").path, clock: .fixed(Self.now))
  }

  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  isolated deinit {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }
}
