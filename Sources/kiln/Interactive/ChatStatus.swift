import AI
import Localization
import TerminalUI

/// What the status line after a reply says, gathered from the view models: the
/// conversation, the model, the persona, free messages left, tokens used and the plan.
struct ChatStatus: Equatable, Sendable {
  var title: String?
  var model: String?
  var persona: String?
  /// `nil` when no cap applies (a subscriber, or the user's own provider).
  var freeMessagesLeft: Int?
  /// Tokens of every reply in the conversation; 0 when none were reported.
  var tokensUsed: Int
  /// "Kiln Pro" for a subscriber; `nil` otherwise (the free plan shows messages left).
  var plan: String? = nil

  /// The status line; leaves out tokens until some were used.
  var statusLine: StatusLine {
    StatusLine(
      conversationTitle: title, model: model, persona: persona,
      freeMessagesLeft: freeMessagesLeft, tokensUsed: tokensUsed > 0 ? tokensUsed : nil)
  }

  /// The line as written: one column short of the width, so it can never wrap, even on
  /// terminals that wrap as soon as the last column is filled. The plan goes at the end and
  /// keeps its place: the rest is shortened first.
  func rendered(width: Int, theme: TerminalTheme, capabilities: TerminalCapabilities) -> String {
    let available = max(1, width - 1)
    guard let plan else {
      return statusLine.render(
        width: available, theme: theme, capabilities: capabilities, labels: Self.labels)
    }
    let glyphs = TerminalGlyphs.forCapabilities(capabilities)
    let planText = StyledText(plan, style: theme.statusBar.adding(.bold))
    let separator = StyledText(" \(glyphs.separator) ", style: theme.statusBar)
    let rest = statusLine.styledText(
      width: max(0, available - planText.displayWidth - separator.displayWidth), theme: theme,
      glyphs: glyphs, labels: Self.labels)
    let line = rest.isEmpty ? planText : rest + separator + planText
    return line.truncated(toWidth: available, ellipsis: glyphs.ellipsis).rendered(for: capabilities)
  }

  /// The status line's words in the interface language.
  static let labels = StatusLineLabels(
    freeMessagesLeft: { L10n.Chat.messagesRemaining($0) },
    tokensUsed: StatusLineLabels.english.tokensUsed)
}

/// The few lines shown when the chat opens.
enum Welcome {
  /// Who answers, in words: the provider and the model.
  static func provider(_ ai: AIConfiguration, model: String?) -> String {
    let modelText = model.map { " · \($0)" } ?? ""
    switch ai.provider {
    case .echo:
      return L10n.Session.Welcome.echoProvider
    case .proxy:
      return L10n.Session.Welcome.proxyProvider + modelText
    case .direct(let settings):
      return "\(settings.kind.rawValue)\(modelText)"
    }
  }

  /// The welcome: what answers, how to get help, and the free messages left.
  static func lines(
    version: String, ai: AIConfiguration, model: String?, freeMessagesLeft: Int?,
    plan: String? = nil, signedInAs account: String?
  ) -> [String] {
    var lines = [L10n.Session.Welcome.welcomeChattingWith(version, provider(ai, model: model))]
    if case .echo = ai.provider {
      lines.append(L10n.Session.Welcome.welcomeNoProvider)
    }
    lines.append(L10n.Session.Welcome.welcomeHowTo)
    var facts: [String] = []
    if let plan { facts.append(plan) }
    if let freeMessagesLeft { facts.append(L10n.Chat.messagesRemaining(freeMessagesLeft)) }
    if let account { facts.append(L10n.Session.Welcome.welcomeSignedInAs(account)) }
    if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
    return lines
  }
}
