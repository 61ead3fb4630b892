extension L10n {
  /// Conversation, history, memory and persona strings.
  public enum Chat {
    /// "Chat": tab and screen title.
    public static var title: String { text(.title) }
    /// "History": the conversation list title.
    public static var history: String { text(.history) }
    /// "Type a message...": the input placeholder.
    public static var placeholder: String { text(.placeholder) }
    /// "Send".
    public static var sendButton: String { text(.sendButton) }
    /// "Stop": stops the response being generated.
    public static var stopButton: String { text(.stopButton) }
    /// "Retry": re-sends a failed message.
    public static var retry: String { text(.retry) }
    /// "Regenerate": asks for a new answer to the same message.
    public static var regenerate: String { text(.regenerate) }
    /// "Edit".
    public static var editMessage: String { text(.editMessage) }
    /// "Editing message": shown above the input while a sent message is edited.
    public static var editingMessage: String { text(.editingMessage) }
    /// "Copy".
    public static var copyMessage: String { text(.copyMessage) }
    /// "Copied".
    public static var copied: String { text(.copied) }
    /// "Delete".
    public static var deleteMessage: String { text(.deleteMessage) }
    /// "New Chat": the button that starts a conversation.
    public static var newChat: String { text(.newChat) }
    /// "New Chat": the title a conversation gets until it is renamed.
    public static var defaultTitle: String { text(.defaultTitle) }
    /// "Rename".
    public static var rename: String { text(.rename) }
    /// "AI is typing…".
    public static var typing: String { text(.typing) }
    /// "Thinking…": before the first streamed token arrives.
    public static var thinking: String { text(.thinking) }
    /// "Loading earlier messages…".
    public static var loadingEarlier: String { text(.loadingEarlier) }
    /// "Sending…": a user message on its way.
    public static var statusSending: String { text(.statusSending) }
    /// "Responding…": an assistant message still streaming.
    public static var statusStreaming: String { text(.statusStreaming) }
    /// "Complete".
    public static var statusComplete: String { text(.statusComplete) }
    /// "Failed to send".
    public static var statusFailed: String { text(.statusFailed) }
    /// "Stopped": a response the user stopped.
    public static var statusCancelled: String { text(.statusCancelled) }
    /// "The response could not be completed."
    public static var responseFailed: String { text(.responseFailed) }
    /// "Cut off at the model's token limit": a reply that ended with `finish_reason` length.
    public static var replyCutOff: String { text(.replyCutOff) }
    /// "You": role badge of the user's messages.
    public static var roleUser: String { text(.roleUser) }
    /// "AI": role badge of the assistant's messages.
    public static var roleAssistant: String { text(.roleAssistant) }
    /// "Model: <name>".
    public static func model(_ name: String) -> String { text(.model, [.text(name)]) }
    /// "Free limit reached".
    public static var freeLimitReachedTitle: String { text(.freeLimitReachedTitle) }
    /// "You've used all your free messages. Upgrade to Pro for unlimited chats."
    public static var freeLimitReachedMessage: String { text(.freeLimitReachedMessage) }
    /// "Upgrade to keep chatting": the call to action under the free-limit message.
    public static var upgradeToKeepChatting: String { text(.upgradeToKeepChatting) }
    /// "Pinned": section title.
    public static var pinned: String { text(.pinned) }
    /// "Pin".
    public static var pin: String { text(.pin) }
    /// "Unpin".
    public static var unpin: String { text(.unpin) }
    /// "Archived": section title.
    public static var archived: String { text(.archived) }
    /// "Archive".
    public static var archive: String { text(.archive) }
    /// "Unarchive".
    public static var unarchive: String { text(.unarchive) }
    /// "Search chats": search field placeholder.
    public static var searchPlaceholder: String { text(.searchPlaceholder) }
    /// "No results".
    public static var noResults: String { text(.noResults) }
    /// "No results for “<query>”".
    public static func noResults(for query: String) -> String {
      text(.noResultsForQuery, [.text(query)])
    }
    /// "No chats yet".
    public static var emptyHistoryTitle: String { text(.emptyHistoryTitle) }
    /// "Start a new chat to talk with your AI assistant."
    public static var emptyHistoryMessage: String { text(.emptyHistoryMessage) }
    /// "How can I help you today?": an empty conversation's greeting.
    public static var emptyConversationTitle: String { text(.emptyConversationTitle) }
    /// "Delete this chat?"
    public static var deleteConversationTitle: String { text(.deleteConversationTitle) }
    /// "This chat and all its messages will be deleted. This can't be undone."
    public static var deleteConversationMessage: String { text(.deleteConversationMessage) }
    /// "Memories": title of the list of remembered facts.
    public static var memoriesTitle: String { text(.memoriesTitle) }
    /// "Facts the assistant remembers across chats. They are added to every conversation."
    public static var memoriesFooter: String { text(.memoriesFooter) }
    /// "Remember this".
    public static var remember: String { text(.remember) }
    /// "Forget".
    public static var forget: String { text(.forget) }
    /// "Forget all memories".
    public static var forgetAll: String { text(.forgetAll) }
    /// "Memory saved".
    public static var memorySaved: String { text(.memorySaved) }
    /// "Memory forgotten".
    public static var memoryForgotten: String { text(.memoryForgotten) }
    /// "No memories yet. Ask the assistant to remember something."
    public static var memoriesEmpty: String { text(.memoriesEmpty) }
    /// "Personas": title of the persona picker.
    public static var personasTitle: String { text(.personasTitle) }
    /// "Built-in": section of the personas that ship with the app.
    public static var personasBuiltIn: String { text(.personasBuiltIn) }
    /// "Custom": section of the personas the user made.
    public static var personasCustom: String { text(.personasCustom) }
    /// "Default assistant": the persona-less choice.
    public static var defaultPersona: String { text(.defaultPersona) }
    /// "Choose a persona".
    public static var choosePersona: String { text(.choosePersona) }

    /// "No messages remaining" / "1 message remaining" / "5 messages remaining": the free
    /// tier's quota.
    public static func messagesRemaining(_ count: Int) -> String {
      L10n.plural(PluralKey.messagesRemaining, count: count)
    }
    /// "No messages" / "1 message" / "5 messages".
    public static func messageCount(_ count: Int) -> String {
      L10n.plural(PluralKey.messageCount, count: count)
    }
    /// "No chats" / "1 chat" / "5 chats".
    public static func conversationCount(_ count: Int) -> String {
      L10n.plural(PluralKey.conversationCount, count: count)
    }
    /// "0 tokens" / "1 token" / "5 tokens": a message's token usage.
    public static func tokenCount(_ count: Int) -> String {
      L10n.plural(PluralKey.tokenCount, count: count)
    }
    /// "No memories" / "1 memory" / "5 memories".
    public static func memoryCount(_ count: Int) -> String {
      L10n.plural(PluralKey.memoryCount, count: count)
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "chat"
      case title, history, placeholder, sendButton, stopButton, retry, regenerate
      case editMessage, editingMessage, copyMessage, copied, deleteMessage, newChat
      case defaultTitle, rename, typing, thinking, loadingEarlier
      case statusSending, statusStreaming, statusComplete, statusFailed, statusCancelled
      case responseFailed, replyCutOff, roleUser, roleAssistant, model
      case freeLimitReachedTitle, freeLimitReachedMessage, upgradeToKeepChatting
      case pinned, pin, unpin, archived, archive, unarchive
      case searchPlaceholder, noResults, noResultsForQuery
      case emptyHistoryTitle, emptyHistoryMessage, emptyConversationTitle
      case deleteConversationTitle, deleteConversationMessage
      case memoriesTitle, memoriesFooter, remember, forget, forgetAll, memorySaved
      case memoryForgotten, memoriesEmpty
      case personasTitle, personasBuiltIn, personasCustom, defaultPersona, choosePersona
    }

    package enum PluralKey: String, PluralLocalizationKey {
      package static let namespace = "chat"
      case messagesRemaining, messageCount, conversationCount, tokenCount, memoryCount
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
