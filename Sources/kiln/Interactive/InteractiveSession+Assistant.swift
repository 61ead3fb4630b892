import AI
import Core
import FeatureChat
import Localization
import Storage
import TerminalUI

extension InteractiveSession {
  /// The persona `text` names (its id, or its name ignoring case); lists them when none.
  func persona(named text: String) -> Persona? {
    let wanted = text.lowercased()
    if let found = PersonaCatalogue.all.first(where: {
      $0.id.rawValue == wanted || $0.displayName.lowercased() == wanted
    }) {
      return found
    }
    let ids = PersonaCatalogue.all.map(\.id.rawValue)
    let suggestion = wanted.closestMatch(in: ids, maximumDistance: 3).map { " Did you mean \($0)?" }
    problem(
      "There is no persona '\(text)'.\(suggestion ?? "") Personas: \(ids.joined(separator: ", ")).")
    return nil
  }

  func choosePersona(_ id: String?) {
    guard let id else {
      let current = chat?.persona.id ?? persona.id
      for (index, item) in PersonaCatalogue.all.enumerated() {
        var line = StyledText(item.id.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0))
        line.append(item.displayName, style: .plain.adding(.bold))
        if item.id == current { line.append("  (this conversation)", style: theme.accent) }
        if item.id == persona.id, item.id != current {
          line.append("  (new conversations)", style: theme.dim)
        }
        say(numbered(index + 1, line), cut: true)
      }
      hint("/persona ID picks one for new conversations; /new ID starts one now.")
      return
    }
    guard let chosen = persona(named: id) else { return }
    persona = chosen
    if chat == nil {
      done("\(chosen.displayName) will answer in this new conversation.")
    } else {
      done("New conversations will use \(chosen.displayName); /new starts one now.")
    }
  }

  func chooseModel(_ id: String?) {
    let catalogue = dependencies.ai.catalogue
    let current = modelName
    guard let id else {
      if catalogue.models.isEmpty {
        hint("The provider lists no models here; /model ID asks for any model by its id.")
      }
      for (index, info) in catalogue.models.enumerated() {
        var line = StyledText(info.id.rawValue, style: .plain.adding(.bold))
        if info.displayName != info.id.rawValue { line.append("  \(info.displayName)") }
        if let window = info.contextWindow {
          line.append(
            "  \(StatusLineLabels.groupedThousands(window)) tokens of context", style: theme.dim)
        }
        if info.id.rawValue == current { line.append("  (in use)", style: theme.accent) }
        say(numbered(index + 1, line), cut: true)
      }
      if let current, catalogue.model(ModelID(rawValue: current)) == nil {
        hint("In use: \(current).")
      }
      return
    }
    let chosen =
      Int(id).flatMap {
        catalogue.models.indices.contains($0 - 1) ? catalogue.models[$0 - 1].id : nil
      }
      ?? ModelID(rawValue: id)
    model = chosen
    chat?.model = chosen
    if case .echo = dependencies.ai.provider {
      hint("The echo model answers whatever you pick; set a provider to use \(chosen.rawValue).")
    } else if !catalogue.models.isEmpty, catalogue.model(chosen) == nil {
      hint("\(chosen.rawValue) is not in the list; Kiln will ask the provider for it anyway.")
    }
    done("Now using \(chosen.rawValue).")
  }

  func memory(_ action: SlashCommand.MemoryAction) async {
    await memories.load()
    if case .failed(let error) = memories.loadState {
      problem(error, doing: "read memories")
      return
    }
    switch action {
    case .list:
      guard !memories.memories.isEmpty else {
        hint(L10n.Chat.memoriesEmpty)
        hint("/memory add TEXT remembers something, or start a message with “remember that”.")
        return
      }
      for (index, memory) in memories.memories.enumerated() {
        say(numbered(index + 1, StyledText(memory.text)), cut: true)
      }
      hint("Every conversation sees these. /memory edit N TEXT or /memory delete N changes them.")
    case .add(let text):
      guard await memories.addButtonTapped(text) != nil else {
        return reportMemoryFailure(doing: "remember that")
      }
      done("\(L10n.Chat.memorySaved).")
    case .edit(let number, let text):
      guard let memory = memoryNumbered(number) else { return }
      await memories.edit(id: memory.id, text: text)
      guard memories.failure == nil else { return reportMemoryFailure(doing: "change the memory") }
      done("Memory \(number) changed.")
    case .delete(let number):
      guard let memory = memoryNumbered(number) else { return }
      await memories.deleteButtonTapped(id: memory.id)
      guard memories.failure == nil else { return reportMemoryFailure(doing: "forget it") }
      done("\(L10n.Chat.memoryForgotten): \(memory.text)")
    }
  }

  private func memoryNumbered(_ number: Int) -> MemoryDTO? {
    let all = memories.memories
    guard all.indices.contains(number - 1) else {
      problem(
        all.isEmpty
          ? "There are no memories yet."
          : "There is no memory \(number) (1–\(all.count)); /memory lists them.")
      return nil
    }
    return all[number - 1]
  }

  private func reportMemoryFailure(doing action: String) {
    problem(memories.failure?.error ?? .unknown(action), doing: action)
    memories.dismissFailure()
  }
}
