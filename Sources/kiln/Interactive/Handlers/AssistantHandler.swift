import AI
import Core
import FeatureChat
import Localization
import Storage
import TerminalUI

/// `/persona`, `/model` and `/memory`: who answers, with which model, and what the assistant
/// remembers. The persona and model land in the session's focus; memories go through the
/// same `MemoriesViewModel` a memories screen uses.
@MainActor
final class AssistantHandler: SlashCommandHandler {
  private let console: SessionConsole
  private let focus: SessionFocus
  private let ai: AIConfiguration
  /// The remembered facts, as the memories screen shows them.
  let memories: MemoriesViewModel
  /// The provider's own model list (a direct provider's), read on the first `/model`.
  private let providerModels: ProviderModels?

  init(
    console: SessionConsole, focus: SessionFocus, ai: AIConfiguration,
    memories: MemoriesViewModel, providerModels: ProviderModels? = nil
  ) {
    self.console = console
    self.focus = focus
    self.ai = ai
    self.memories = memories
    self.providerModels = providerModels
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .persona(let id): choosePersona(id)
    case .model(let id): await chooseModel(id)
    case .memory(let action): await memory(action)
    default: return false
    }
    return true
  }

  /// The persona `text` names (its id, or its name ignoring case); when none, says which
  /// there are on `console`.
  static func persona(named text: String, reportingTo console: SessionConsole) -> Persona? {
    let wanted = text.lowercased()
    if let found = PersonaCatalogue.all.first(where: {
      $0.id.rawValue == wanted || $0.displayName.lowercased() == wanted
        || $0.shownName.lowercased() == wanted
    }) {
      return found
    }
    let ids = PersonaCatalogue.all.map(\.id.rawValue)
    let names = ids.joined(separator: ", ")
    console.problem(
      wanted.closestMatch(in: ids, maximumDistance: 3).map {
        L10n.Session.Assistant.noPersonaSuggesting(text, $0, names)
      } ?? L10n.Session.Assistant.noPersona(text, names))
    return nil
  }

  private func choosePersona(_ id: String?) {
    let theme = console.theme
    guard let id else {
      let current = focus.chat?.persona.id ?? focus.persona.id
      for (index, item) in PersonaCatalogue.all.enumerated() {
        var line = StyledText(item.id.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0))
        line.append(item.shownName, style: .plain.adding(.bold))
        if item.id == current {
          line.append("  " + L10n.Session.Assistant.personaThisConversation, style: theme.accent)
        }
        if item.id == focus.persona.id, item.id != current {
          line.append("  " + L10n.Session.Assistant.personaNewConversations, style: theme.dim)
        }
        console.say(console.numbered(index + 1, line), cut: true)
      }
      console.hint(L10n.Session.Assistant.personaHint)
      return
    }
    guard let chosen = Self.persona(named: id, reportingTo: console) else { return }
    focus.persona = chosen
    if focus.chat == nil {
      console.done(L10n.Session.Assistant.personaAnswersHere(chosen.shownName))
    } else {
      console.done(L10n.Session.Assistant.personaForNew(chosen.shownName))
    }
  }

  /// The configured models, then those only the provider lists, in `/model`'s numbering.
  private func numberedModels() async -> (configured: [ModelID], fromProvider: [ModelID]) {
    let configured = ai.catalogue.models.map(\.id)
    let listed = await providerModels?.ids() ?? []
    let known = Set(configured.map(\.rawValue))
    return (configured, listed.filter { !known.contains($0) }.map(ModelID.init(rawValue:)))
  }

  private func chooseModel(_ id: String?) async {
    let catalogue = ai.catalogue
    let current = focus.modelName
    guard let id else {
      await listModels(current: current)
      return
    }
    var chosen = ModelID(rawValue: id)
    if let number = Int(id) {
      let models = await numberedModels()
      let all = models.configured + models.fromProvider
      if all.indices.contains(number - 1) { chosen = all[number - 1] }
    }
    focus.model = chosen
    focus.chat?.model = chosen
    if case .echo = ai.provider {
      console.hint(L10n.Session.Assistant.echoAnswersAnything(chosen.rawValue))
    } else if let listed = await providerModels?.ids(), !listed.isEmpty,
      !listed.contains(chosen.rawValue)
    {
      console.hint(L10n.Session.Assistant.providerDoesNotList(chosen.rawValue))
    } else if providerModels == nil, !catalogue.models.isEmpty, catalogue.model(chosen) == nil {
      console.hint(L10n.Session.Assistant.notInList(chosen.rawValue))
    }
    console.done(L10n.Session.Assistant.nowUsing(chosen.rawValue))
  }

  private func listModels(current: String?) async {
    let catalogue = ai.catalogue
    let theme = console.theme
    let models = await numberedModels()
    if catalogue.models.isEmpty, models.fromProvider.isEmpty {
      console.hint(L10n.Session.Assistant.noModelsListed)
    }
    for (index, info) in catalogue.models.enumerated() {
      var line = StyledText(info.id.rawValue, style: .plain.adding(.bold))
      if info.displayName != info.id.rawValue { line.append("  \(info.displayName)") }
      if let window = info.contextWindow {
        line.append(
          "  " + L10n.Session.Assistant.contextTokens(StatusLineLabels.groupedThousands(window)),
          style: theme.dim)
      }
      if info.id.rawValue == current {
        line.append("  " + L10n.Session.Assistant.inUse, style: theme.accent)
      }
      console.say(console.numbered(index + 1, line), cut: true)
    }
    if !models.fromProvider.isEmpty {
      console.say(
        StyledText(
          catalogue.models.isEmpty
            ? L10n.Session.Assistant.providersModels : L10n.Session.Assistant.alsoFromProvider,
          style: theme.dim))
      for (offset, id) in models.fromProvider.enumerated() {
        var line = StyledText(TerminalSanitizer.singleLine(id.rawValue, limit: 120))
        if id.rawValue == current {
          line.append("  " + L10n.Session.Assistant.inUse, style: theme.accent)
        }
        console.say(console.numbered(catalogue.models.count + offset + 1, line), cut: true)
      }
    }
    let shown = Set((models.configured + models.fromProvider).map(\.rawValue))
    if let current, !shown.contains(current) {
      console.hint(L10n.Session.Assistant.inUseNamed(current))
    }
  }

  private func memory(_ action: SlashCommand.MemoryAction) async {
    await memories.load()
    if case .failed(let error) = memories.loadState {
      console.problem(error, doing: L10n.Session.Actions.doReadMemories)
      return
    }
    switch action {
    case .list:
      guard !memories.memories.isEmpty else {
        console.hint(L10n.Chat.memoriesEmpty)
        console.hint(L10n.Session.Assistant.memoryHowToAdd)
        return
      }
      for (index, memory) in memories.memories.enumerated() {
        console.say(console.numbered(index + 1, StyledText(memory.text)), cut: true)
      }
      console.hint(L10n.Session.Assistant.memoryEveryConversation)
    case .add(let text):
      guard await memories.addButtonTapped(text) != nil else {
        return reportMemoryFailure(doing: L10n.Session.Actions.doRemember)
      }
      console.done("\(L10n.Chat.memorySaved).")
    case .edit(let number, let text):
      guard let memory = memoryNumbered(number) else { return }
      await memories.edit(id: memory.id, text: text)
      guard memories.failure == nil else {
        return reportMemoryFailure(doing: L10n.Session.Actions.doChangeMemory)
      }
      console.done(L10n.Session.Assistant.memoryChanged(number))
    case .delete(let number):
      guard let memory = memoryNumbered(number) else { return }
      await memories.deleteButtonTapped(id: memory.id)
      guard memories.failure == nil else {
        return reportMemoryFailure(doing: L10n.Session.Actions.doForget)
      }
      console.done("\(L10n.Chat.memoryForgotten): \(memory.text)")
    }
  }

  private func memoryNumbered(_ number: Int) -> MemoryDTO? {
    let all = memories.memories
    guard all.indices.contains(number - 1) else {
      console.problem(
        all.isEmpty
          ? L10n.Session.Assistant.noMemoriesYet
          : L10n.Session.Assistant.noMemoryNumber(number, all.count))
      return nil
    }
    return all[number - 1]
  }

  private func reportMemoryFailure(doing action: String) {
    console.problem(memories.failure?.error ?? .unknown(action), doing: action)
    memories.dismissFailure()
  }
}
