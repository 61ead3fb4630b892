extension A11y {
  /// Chat labels.
  public enum Chat {
    /// "Send message": Double tap to send your message.
    public static let sendButton = A11yEntry("chat.sendButton", traits: [.button])

    /// "Stop generating": Double tap to stop the reply.
    public static let stopButton = A11yEntry("chat.stopButton", traits: [.button])

    /// "Message": Type your message to the assistant.
    public static let messageInput = A11yEntry("chat.messageInput", traits: [.textEntry])

    /// "You: {text}": Double tap and hold for more options.
    public static func userMessage(text: String) -> A11yEntry {
      A11yEntry("chat.userMessage", traits: [.staticText], arguments: ["text": text])
    }

    /// "Assistant: {text}": Double tap and hold for more options.
    public static func assistantMessage(text: String) -> A11yEntry {
      A11yEntry("chat.assistantMessage", traits: [.staticText], arguments: ["text": text])
    }

    /// "New chat": Double tap to start a new conversation.
    public static let newChat = A11yEntry("chat.newChat", traits: [.button])

    /// "Conversations".
    public static let historyList = A11yEntry("chat.historyList", hint: false, traits: [])

    /// "Copy": Copies the message to the clipboard.
    public static let copyAction = A11yEntry("chat.copyAction", traits: [.button])

    /// "Delete": Deletes the message.
    public static let deleteAction = A11yEntry("chat.deleteAction", traits: [.button])

    /// "Regenerate reply": Asks the assistant to answer again.
    public static let regenerateAction = A11yEntry("chat.regenerateAction", traits: [.button])

    /// "Assistant is typing".
    public static let typingIndicator = A11yEntry(
      "chat.typingIndicator", hint: false, traits: [.staticText, .updatesFrequently])

    /// "Latest messages": Double tap to jump to the newest message.
    public static let scrollToBottom = A11yEntry("chat.scrollToBottom", traits: [.button])

    /// "Persona": Double tap to choose who the assistant should be.
    public static let personaPicker = A11yEntry("chat.personaPicker", traits: [.button])

    /// "AI model": Double tap to choose the AI model.
    public static let modelPicker = A11yEntry("chat.modelPicker", traits: [.button])

    /// "Search conversations": Finds conversations by title or persona.
    public static let searchField = A11yEntry("chat.searchField", traits: [.searchField])

    /// "Conversation: {title}": Double tap to open the conversation.
    public static func conversation(title: String) -> A11yEntry {
      A11yEntry("chat.conversation", traits: [.button], arguments: ["title": title])
    }

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        sendButton, stopButton, messageInput, userMessage(text: "Hello"),
        assistantMessage(text: "Hi there"), newChat, historyList, copyAction, deleteAction,
        regenerateAction, typingIndicator, scrollToBottom, personaPicker, modelPicker, searchField,
        conversation(title: "Trip ideas"),
      ]
    }
  }
}
