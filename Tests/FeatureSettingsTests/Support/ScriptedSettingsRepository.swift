import Storage
import Testing

/// `InMemorySettingsRepository` with scripted failures, counted calls and a gate that holds
/// saves until the test releases them. A test that scripts failures ends with
/// `verifyAllUsed()`, which fails it when a scripted failure was never met.
actor ScriptedSettingsRepository: SettingsRepository {
  let stored: InMemorySettingsRepository
  private(set) var loadCount = 0
  private(set) var saveCount = 0
  private var loadFailures: [any Error] = []
  private var saveFailures: [any Error] = []
  private var holdsSaves = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ settings: SettingsDTO? = nil) {
    stored = InMemorySettingsRepository(settings)
  }

  /// What the repository holds now.
  var current: SettingsDTO {
    get async { await stored.load() }
  }

  /// How many saves wait at the gate.
  var waitingCount: Int { waiting.count }

  /// Records an issue for each scripted failure no load or save met.
  func verifyAllUsed(sourceLocation: SourceLocation = #_sourceLocation) {
    for error in loadFailures {
      Issue.record(
        "ScriptedSettingsRepository: scripted load failure never met: \(error)",
        sourceLocation: sourceLocation)
    }
    for error in saveFailures {
      Issue.record(
        "ScriptedSettingsRepository: scripted save failure never met: \(error)",
        sourceLocation: sourceLocation)
    }
  }

  func failNextLoad(with error: any Error) { loadFailures.append(error) }
  func failNextSave(with error: any Error) { saveFailures.append(error) }
  func holdSaves() { holdsSaves = true }

  /// Opens the gate and lets held saves go on, in the order they arrived.
  func release() {
    holdsSaves = false
    let released = waiting
    waiting.removeAll()
    for continuation in released { continuation.resume() }
  }

  func load() async throws -> SettingsDTO {
    loadCount += 1
    if !loadFailures.isEmpty { throw loadFailures.removeFirst() }
    return await stored.load()
  }

  func save(_ settings: SettingsDTO) async throws {
    saveCount += 1
    if holdsSaves { await withCheckedContinuation { waiting.append($0) } }
    if !saveFailures.isEmpty { throw saveFailures.removeFirst() }
    await stored.save(settings)
  }
}
