import AI
import Core
import FeatureChat
import Foundation
import Storage
import TerminalUI

/// The session's view of its console and focus, so the loop and the handlers not yet
/// split out read as before.
extension InteractiveSession {
  var io: any SessionIO { console.io }
  var scrubber: SecretScrubber { console.scrubber }
  var environment: [String: String] { console.environment }

  var theme: TerminalTheme {
    get { console.theme }
    set { console.theme = newValue }
  }

  var chat: ChatViewModel? {
    get { focus.chat }
    set { focus.chat = newValue }
  }

  var conversation: ConversationDTO? {
    get { focus.conversation }
    set { focus.conversation = newValue }
  }

  var persona: Persona {
    get { focus.persona }
    set { focus.persona = newValue }
  }

  var model: ModelID? {
    get { focus.model }
    set { focus.model = newValue }
  }

  var listing: [UUID] {
    get { focus.listing }
    set { focus.listing = newValue }
  }

  func say(_ text: StyledText, cut: Bool = false) { console.say(text, cut: cut) }
  func say(_ text: String, _ style: TextStyle = .plain) { console.say(text, style) }
  func hint(_ text: String) { console.hint(text) }
  func done(_ text: String) { console.done(text) }
  func problem(_ text: String) { console.problem(text) }
  func problem(_ error: AppError, doing action: String? = nil) {
    console.problem(error, doing: action)
  }
  func problem(_ error: AppError, reply: ChatCompletionReply) {
    console.problem(error, reply: reply)
  }
  func render(markdown: String) -> String { console.render(markdown: markdown) }
  var glyphs: TerminalGlyphs { console.glyphs }
  func numbered(_ number: Int, _ rest: StyledText) -> StyledText {
    console.numbered(number, rest)
  }
}
