extension ConversationMarkdown {
  /// The words an exported conversation is written with. Storage knows no languages, so the
  /// caller passes its interface language's words; `english` is the default.
  public struct Labels: Sendable, Equatable {
    /// "Persona", before the conversation's persona.
    public var persona: String
    /// "Created", before when the conversation began.
    public var created: String
    /// "Updated", before when it last changed.
    public var updated: String
    /// "You", heading the user's messages.
    public var you: String
    /// "Assistant", heading replies.
    public var assistant: String
    /// "System", heading system messages.
    public var system: String
    /// "Tool", heading tool messages.
    public var tool: String
    /// "sending", after a message not sent yet.
    public var sending: String
    /// "incomplete", after a reply still streaming when exported.
    public var incomplete: String
    /// "failed", after a message that failed.
    public var failed: String
    /// "stopped", after a reply the user stopped.
    public var stopped: String
    /// The name to show for a stored persona id, in place of the name stored with the
    /// conversation (which is in the language it was created in); ids not listed keep it.
    public var personaNames: [String: String]

    /// Labels with the given words.
    public init(
      persona: String, created: String, updated: String, you: String, assistant: String,
      system: String, tool: String, sending: String, incomplete: String, failed: String,
      stopped: String, personaNames: [String: String] = [:]
    ) {
      self.persona = persona
      self.created = created
      self.updated = updated
      self.you = you
      self.assistant = assistant
      self.system = system
      self.tool = tool
      self.sending = sending
      self.incomplete = incomplete
      self.failed = failed
      self.stopped = stopped
      self.personaNames = personaNames
    }

    /// The English words.
    public static let english = Labels(
      persona: "Persona", created: "Created", updated: "Updated", you: "You",
      assistant: "Assistant", system: "System", tool: "Tool", sending: "sending",
      incomplete: "incomplete", failed: "failed", stopped: "stopped")
  }
}
