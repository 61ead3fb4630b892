import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TerminalUI

/// `/new`, `/chats`, `/rename`, `/delete`, `/pin`, `/unpin`, `/archive`, `/unarchive` and
/// `/search`: the conversation list, driven by the same `ChatHistoryViewModel` a history
/// screen uses. It keeps the last list in the session's focus, for `/open N`, and finds the
/// conversation a command names.
@MainActor
final class ConversationsHandler: SlashCommandHandler {
  private let console: SessionConsole
  let focus: SessionFocus
  /// The list and search, as the history screen shows them.
  let history: ChatHistoryViewModel
  let conversations: any ConversationRepository
  let sessions: ChatSessions

  /// The list commands over `history`; `conversations` finds one by id, `sessions` says
  /// which are still replying.
  init(
    console: SessionConsole, focus: SessionFocus, history: ChatHistoryViewModel,
    conversations: any ConversationRepository, sessions: ChatSessions
  ) {
    self.console = console
    self.focus = focus
    self.history = history
    self.conversations = conversations
    self.sessions = sessions
  }

  func run(_ command: SlashCommand) async -> Bool {
    switch command {
    case .newConversation(let persona): newConversation(personaID: persona)
    case .chats(let archived): await listChats(includeArchived: archived)
    case .rename(let title): await rename(to: title)
    case .delete(let reference): await delete(reference)
    case .pin(let reference): await setPinned(reference, true)
    case .unpin(let reference): await setPinned(reference, false)
    case .archive(let reference): await setArchived(reference, true)
    case .unarchive(let reference): await setArchived(reference, false)
    case .search(let query): await search(query)
    default: return false
    }
    return true
  }

  /// A new stored conversation with the focus's persona; reports why when it could not be
  /// made.
  func startConversation() async -> ConversationDTO? {
    guard let created = await history.createNewConversation(persona: focus.persona) else {
      reportHistoryFailure(doing: L10n.Session.Actions.doStartConversation)
      return nil
    }
    return created
  }

  /// A conversation changed elsewhere (a title arrived, a reply finished): the list and the
  /// focus take its new form.
  func conversationDidChange(_ updated: ConversationDTO) {
    history.conversationDidChange(updated)
    if focus.conversation?.id == updated.id { focus.conversation = updated }
  }

  // MARK: - Commands

  private func newConversation(personaID: String?) {
    if let personaID {
      guard let chosen = AssistantHandler.persona(named: personaID, reportingTo: console) else {
        return
      }
      focus.persona = chosen
    }
    focus.chat = nil
    focus.conversation = nil
    console.say(
      L10n.Session.Conversations.newConversationWith(focus.persona.shownName), console.theme.accent)
  }

  private func listChats(includeArchived: Bool) async {
    if includeArchived != history.showsArchived {
      await history.showArchivedToggled()
    } else {
      await history.loadConversations()
    }
    if case .failed(let error) = history.loadState {
      console.problem(error, doing: L10n.Session.Actions.doListConversations)
      return
    }
    guard !history.conversations.isEmpty else {
      console.hint(L10n.Chat.emptyHistoryMessage)
      return
    }
    focus.listing = history.conversations.map(\.id)
    guard let pageSize = Self.pageSize(rows: console.io.rows) else {
      for (index, item) in history.conversations.enumerated() {
        console.say(console.numbered(index + 1, row(item)), cut: true)
      }
      if history.paginator.state != .endReached {
        console.hint(L10n.Session.Conversations.showingNewest(history.conversations.count))
      }
      console.hint(L10n.Session.Conversations.openSwitches)
      return
    }
    await showPaged(pageSize: pageSize)
    console.hint(L10n.Session.Conversations.openSwitches)
  }

  /// The rows a screen of `/chats` shows: the terminal's height less the lines kept for the
  /// question between screens and the prompt; `nil` (every row at once) without a terminal
  /// height, so a pipe or a script reads the whole list.
  static func pageSize(rows: Int?) -> Int? {
    rows.map { max(1, $0 - reservedRows) }
  }

  /// The question between screens, the hint after the list, and the prompt.
  static let reservedRows = 3

  /// The list one screen at a time, loading the next page of conversations as the last rows
  /// come into view (as a history screen does); Enter shows the next screen, anything else
  /// (`q`), Ctrl-C or the end of the input stops.
  private func showPaged(pageSize: Int) async {
    var shown = 0
    while true {
      await loadRows(upTo: shown + pageSize)
      let end = min(shown + pageSize, history.conversations.count)
      guard end > shown else { return }
      for index in shown..<end {
        console.say(console.numbered(index + 1, row(history.conversations[index])), cut: true)
      }
      shown = end
      // One more row says whether there is a next screen to offer.
      await loadRows(upTo: shown + 1)
      focus.listing = history.conversations.map(\.id)
      guard shown < history.conversations.count else { return }
      let answer = await console.io.ask(
        L10n.Session.Conversations.pageMore(shown) + " ", secret: false)
      guard let answer, answer.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    }
  }

  /// Loads pages of the history until it holds `count` conversations or has no more.
  private func loadRows(upTo count: Int) async {
    while history.conversations.count < count {
      let before = history.conversations.count
      await history.conversationAppeared(at: before - 1)
      guard history.conversations.count > before else { return }
    }
  }

  /// One conversation in a list: title, persona, date, short id, and its flags.
  private func row(_ item: ConversationDTO) -> StyledText {
    let isCurrent = item.id == focus.conversation?.id
    var text = StyledText(ConversationLookup.shortID(item.id) + "  ", style: console.theme.dim)
    text.append(
      Row.title(item.title), style: isCurrent ? console.theme.accent.adding(.bold) : .plain)
    if item.isPinned {
      text.append("  \(L10n.Chat.pinned.lowercased())", style: console.theme.warning)
    }
    if item.isArchived {
      text.append("  \(L10n.Chat.archived.lowercased())", style: console.theme.dim)
    }
    if sessions.busyConversationIDs.contains(item.id) {
      text.append("  " + L10n.Session.Conversations.replying, style: console.theme.success)
    }
    let details = [PersonaNames.shown(item), Row.date(item.updatedAt)].compactMap { $0 }
      .joined(separator: " · ")
    text.append("  \(details)", style: console.theme.dim)
    return text
  }

  private func rename(to title: String) async {
    guard let target = await target(nil, for: "rename") else { return }
    await history.renameConversation(id: target.id, newTitle: title)
    guard await refreshAfterChange(target.id, doing: L10n.Session.Actions.doRenameConversation)
    else {
      return
    }
    console.done(L10n.Session.Conversations.renamedTo(title))
  }

  private func delete(_ reference: ConversationReference?) async {
    guard let target = await target(reference, for: "delete") else { return }
    let answer = await console.io.ask(
      L10n.Session.Conversations.deleteConfirm(Row.title(target.title)) + " ", secret: false)
    guard let answer, ConfirmationAnswer.isYes(answer) else {
      console.hint(L10n.Session.Conversations.kept)
      return
    }
    await history.deleteConversation(id: target.id)
    guard history.failure == nil else {
      reportHistoryFailure(doing: L10n.Session.Actions.doDeleteConversation)
      return
    }
    focus.listing.removeAll { $0 == target.id }
    if target.id == focus.conversation?.id {
      focus.chat = nil
      focus.conversation = nil
      console.done(L10n.Session.Conversations.deletedNowNew(Row.title(target.title)))
    } else {
      console.done(L10n.Session.Conversations.deleted(Row.title(target.title)))
    }
  }

  private func setPinned(_ reference: ConversationReference?, _ isPinned: Bool) async {
    guard let target = await target(reference, for: isPinned ? "pin" : "unpin") else { return }
    await history.setPinned(id: target.id, isPinned)
    let doing = isPinned ? L10n.Session.Actions.doPin : L10n.Session.Actions.doUnpin
    guard await refreshAfterChange(target.id, doing: doing) else { return }
    console.done(
      isPinned
        ? L10n.Session.Conversations.pinned(Row.title(target.title))
        : L10n.Session.Conversations.unpinned(Row.title(target.title)))
  }

  private func setArchived(_ reference: ConversationReference?, _ isArchived: Bool) async {
    let action = isArchived ? "archive" : "unarchive"
    guard let target = await target(reference, for: action) else { return }
    await history.setArchived(id: target.id, isArchived)
    guard await refreshAfterChange(target.id, doing: Self.phrase(action)) else { return }
    console.done(
      isArchived
        ? L10n.Session.Conversations.archived(Row.title(target.title))
        : L10n.Session.Conversations.unarchived(Row.title(target.title)))
  }

  /// What a command's name (`rename`, `pin`…) reads as after "Could not" or "nothing to".
  static func phrase(_ command: String) -> String {
    switch command {
    case "rename": return L10n.Session.Actions.doRename
    case "delete": return L10n.Session.Actions.doDelete
    case "pin": return L10n.Session.Actions.doPin
    case "unpin": return L10n.Session.Actions.doUnpin
    case "archive": return L10n.Session.Actions.doArchive
    case "unarchive": return L10n.Session.Actions.doUnarchive
    case "open": return L10n.Session.Actions.doOpen
    case "export": return L10n.Session.Actions.doExport
    default: return command
    }
  }

  // MARK: - Finding conversations

  /// The conversation a command names, or the one on screen; says why when there is none.
  func target(
    _ reference: ConversationReference?, for action: String
  ) async
    -> ConversationDTO?
  {
    switch reference {
    case nil:
      if let conversation = focus.conversation { return conversation }
      console.problem(L10n.Session.Conversations.nothingToYetNameOne(Self.phrase(action), action))
      return nil
    case .number(let number):
      guard focus.listing.indices.contains(number - 1) else {
        console.problem(
          focus.listing.isEmpty
            ? L10n.Session.Conversations.numbersNeedList
            : L10n.Session.Conversations.noNumberInList(number, focus.listing.count))
        return nil
      }
      return await fetch(focus.listing[number - 1])
    case .identifier(let text):
      return await find(text)
    }
  }

  /// The stored conversation `id`; reports when it is gone.
  func fetch(_ id: UUID) async -> ConversationDTO? {
    do {
      if let stored = try await conversations.get(id: id) { return stored }
      console.problem(L10n.Session.Conversations.conversationGone)
    } catch {
      console.problem(AppError.from(error), doing: L10n.Session.Actions.doReadConversation)
    }
    return nil
  }

  private func find(_ text: String) async -> ConversationDTO? {
    if let id = UUID(uuidString: text) { return await fetch(id) }
    do {
      // The short id /chats shows is the end of the identifier; a start works too.
      guard let matches = try await ConversationLookup.matches(text, in: conversations) else {
        console.problem(L10n.Session.Conversations.neitherNumberNorID(text))
        return nil
      }
      guard matches.count == 1 else {
        console.problem(
          matches.isEmpty
            ? L10n.Session.Conversations.noConversationID(text)
            : L10n.Session.Conversations.ambiguousID(text, matches.count))
        return nil
      }
      return matches[0]
    } catch {
      console.problem(AppError.from(error), doing: L10n.Session.Actions.doLookUp)
      return nil
    }
  }

  /// After a change through the history list: reports a failure, or refreshes the stored
  /// form of the conversation on screen. True when the change worked.
  private func refreshAfterChange(_ id: UUID, doing action: String) async -> Bool {
    guard history.failure == nil else {
      reportHistoryFailure(doing: action)
      return false
    }
    if id == focus.conversation?.id, let updated = await fetch(id) { focus.conversation = updated }
    return true
  }

  private func reportHistoryFailure(doing action: String) {
    console.problem(history.failure?.error ?? .unknown(action), doing: action)
    history.dismissFailure()
  }

  // MARK: - Search

  /// `/search QUERY`: conversations whose title or persona matches, then messages with the
  /// matched words highlighted; every conversation shown gets a number for `/open N`.
  private func search(_ query: String) async {
    history.searchText = query
    await history.searchSubmitted()
    let titles = history.repositoryMatches
    var hits: [MessageSearchHit] = []
    switch history.messageResults {
    case .results(let results): hits = results
    case .failed(let error): console.problem(error, doing: L10n.Session.Actions.doSearchMessages)
    case .idle, .searching: break
    }
    history.searchText = ""
    guard !titles.isEmpty || !hits.isEmpty else {
      console.hint(L10n.Chat.noResults(for: query))
      return
    }
    var numbers: [UUID: Int] = [:]
    focus.listing = []
    func number(for id: UUID) -> Int {
      if let known = numbers[id] { return known }
      focus.listing.append(id)
      numbers[id] = focus.listing.count
      return focus.listing.count
    }
    if !titles.isEmpty {
      console.say(L10n.Session.Conversations.conversationsHeading, console.theme.heading)
      for item in titles {
        console.say(console.numbered(number(for: item.id), row(item)), cut: true)
      }
    }
    if !hits.isEmpty {
      console.say(L10n.Session.Conversations.messagesHeading, console.theme.heading)
      for hit in hits {
        var line = StyledText(Row.title(hit.conversation.title), style: .plain.adding(.bold))
        line.append(": ")
        line.append(snippet(hit.snippet))
        console.say(console.numbered(number(for: hit.conversation.id), line), cut: true)
      }
    }
    console.hint(L10n.Session.Conversations.openOpens)
  }

  /// A search excerpt on one line, the matched words in the accent colour (in brackets
  /// when the output has no styles).
  private func snippet(_ snippet: SearchSnippet) -> StyledText {
    guard console.io.capabilities.usesStyles else {
      // Without styles the match still shows: in brackets.
      let marked = snippet.marked(open: "[", close: "]")
      return StyledText(marked.replacingOccurrences(of: "\n", with: " "))
    }
    var text = StyledText()
    for segment in snippet.segments {
      let flat = segment.text.replacingOccurrences(of: "\n", with: " ")
      text.append(
        flat, style: segment.isMatch ? console.theme.accent.adding(.bold) : console.theme.dim)
    }
    return text
  }
}
