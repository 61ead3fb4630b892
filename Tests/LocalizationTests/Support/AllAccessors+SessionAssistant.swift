import Localization

extension AllAccessors {
  static let sessionAssistant: [Accessor] = [
    ("Session.noPersona", { L10n.Session.Assistant.noPersona("x", "x") }),
    ("Session.noPersonaSuggesting", { L10n.Session.Assistant.noPersonaSuggesting("x", "x", "x") }),
    ("Session.personaThisConversation", { L10n.Session.Assistant.personaThisConversation }),
    ("Session.personaNewConversations", { L10n.Session.Assistant.personaNewConversations }),
    ("Session.personaHint", { L10n.Session.Assistant.personaHint }),
    ("Session.personaAnswersHere", { L10n.Session.Assistant.personaAnswersHere("x") }),
    ("Session.personaForNew", { L10n.Session.Assistant.personaForNew("x") }),
    ("Session.echoAnswersAnything", { L10n.Session.Assistant.echoAnswersAnything("x") }),
    ("Session.providerDoesNotList", { L10n.Session.Assistant.providerDoesNotList("x") }),
    ("Session.notInList", { L10n.Session.Assistant.notInList("x") }),
    ("Session.nowUsing", { L10n.Session.Assistant.nowUsing("x") }),
    ("Session.noModelsListed", { L10n.Session.Assistant.noModelsListed }),
    ("Session.contextTokens", { L10n.Session.Assistant.contextTokens("x") }),
    ("Session.inUse", { L10n.Session.Assistant.inUse }),
    ("Session.providersModels", { L10n.Session.Assistant.providersModels }),
    ("Session.alsoFromProvider", { L10n.Session.Assistant.alsoFromProvider }),
    ("Session.inUseNamed", { L10n.Session.Assistant.inUseNamed("x") }),
    ("Session.memoryHowToAdd", { L10n.Session.Assistant.memoryHowToAdd }),
    ("Session.memoryEveryConversation", { L10n.Session.Assistant.memoryEveryConversation }),
    ("Session.memoryChanged", { L10n.Session.Assistant.memoryChanged(2) }),
    ("Session.noMemoriesYet", { L10n.Session.Assistant.noMemoriesYet }),
    ("Session.noMemoryNumber", { L10n.Session.Assistant.noMemoryNumber(2, 2) }),
  ]
}
