extension L10n.Session {
  /// The assistant strings of `L10n.Session`.
  package enum Assistant {
    /// "There is no persona '%@'. Personas: %@.".
    package static func noPersona(_ text: String, _ personas: String) -> String {
      L10n.Session.text(.noPersona, [.text(text), .text(personas)])
    }
    /// "There is no persona '%@'. Did you mean %@? Personas: %@.".
    package static func noPersonaSuggesting(
      _ text: String, _ suggestion: String, _ personas: String
    ) -> String {
      L10n.Session.text(.noPersonaSuggesting, [.text(text), .text(suggestion), .text(personas)])
    }
    /// "(this conversation)".
    package static var personaThisConversation: String {
      L10n.Session.text(.personaThisConversation)
    }
    /// "(new conversations)".
    package static var personaNewConversations: String {
      L10n.Session.text(.personaNewConversations)
    }
    /// "/persona ID picks one for new conversations; /new ID starts one now.".
    package static var personaHint: String { L10n.Session.text(.personaHint) }
    /// "%@ will answer in this new conversation.".
    package static func personaAnswersHere(_ name: String) -> String {
      L10n.Session.text(.personaAnswersHere, [.text(name)])
    }
    /// "New conversations will use %@; /new starts one now.".
    package static func personaForNew(_ name: String) -> String {
      L10n.Session.text(.personaForNew, [.text(name)])
    }
    /// "The echo model answers whatever you pick; set a provider to use %@.".
    package static func echoAnswersAnything(_ model: String) -> String {
      L10n.Session.text(.echoAnswersAnything, [.text(model)])
    }
    /// "The provider does not list %@; Kiln will ask for it anyway (/model lists what it has…".
    package static func providerDoesNotList(_ model: String) -> String {
      L10n.Session.text(.providerDoesNotList, [.text(model)])
    }
    /// "%@ is not in the list; Kiln will ask the provider for it anyway.".
    package static func notInList(_ model: String) -> String {
      L10n.Session.text(.notInList, [.text(model)])
    }
    /// "Now using %@.".
    package static func nowUsing(_ model: String) -> String {
      L10n.Session.text(.nowUsing, [.text(model)])
    }
    /// "The provider lists no models here; /model ID asks for any model by its id.".
    package static var noModelsListed: String { L10n.Session.text(.noModelsListed) }
    /// "%@ tokens of context".
    package static func contextTokens(_ count: String) -> String {
      L10n.Session.text(.contextTokens, [.text(count)])
    }
    /// "(in use)".
    package static var inUse: String { L10n.Session.text(.inUse) }
    /// "The provider's models:".
    package static var providersModels: String { L10n.Session.text(.providersModels) }
    /// "Also from the provider:".
    package static var alsoFromProvider: String { L10n.Session.text(.alsoFromProvider) }
    /// "In use: %@.".
    package static func inUseNamed(_ model: String) -> String {
      L10n.Session.text(.inUseNamed, [.text(model)])
    }
    /// "/memory add TEXT remembers something, or start a message with “remember that”.".
    package static var memoryHowToAdd: String { L10n.Session.text(.memoryHowToAdd) }
    /// "Every conversation sees these. /memory edit N TEXT or /memory delete N changes them.".
    package static var memoryEveryConversation: String {
      L10n.Session.text(.memoryEveryConversation)
    }
    /// "Memory %lld changed.".
    package static func memoryChanged(_ number: Int) -> String {
      L10n.Session.text(.memoryChanged, [.integer(number)])
    }
    /// "There are no memories yet.".
    package static var noMemoriesYet: String { L10n.Session.text(.noMemoriesYet) }
    /// "There is no memory %lld (1–%lld); /memory lists them.".
    package static func noMemoryNumber(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noMemoryNumber, [.integer(number), .integer(count)])
    }
  }
}
