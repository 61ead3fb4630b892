import Localization

extension AllAccessors {
  static let sessionAssistant: [Accessor] = [
    ("Session.noPersona", { L10n.Session.noPersona("x", "x") }),
    ("Session.noPersonaSuggesting", { L10n.Session.noPersonaSuggesting("x", "x", "x") }),
    ("Session.personaThisConversation", { L10n.Session.personaThisConversation }),
    ("Session.personaNewConversations", { L10n.Session.personaNewConversations }),
    ("Session.personaHint", { L10n.Session.personaHint }),
    ("Session.personaAnswersHere", { L10n.Session.personaAnswersHere("x") }),
    ("Session.personaForNew", { L10n.Session.personaForNew("x") }),
    ("Session.echoAnswersAnything", { L10n.Session.echoAnswersAnything("x") }),
    ("Session.providerDoesNotList", { L10n.Session.providerDoesNotList("x") }),
    ("Session.notInList", { L10n.Session.notInList("x") }),
    ("Session.nowUsing", { L10n.Session.nowUsing("x") }),
    ("Session.noModelsListed", { L10n.Session.noModelsListed }),
    ("Session.contextTokens", { L10n.Session.contextTokens("x") }),
    ("Session.inUse", { L10n.Session.inUse }),
    ("Session.providersModels", { L10n.Session.providersModels }),
    ("Session.alsoFromProvider", { L10n.Session.alsoFromProvider }),
    ("Session.inUseNamed", { L10n.Session.inUseNamed("x") }),
    ("Session.memoryHowToAdd", { L10n.Session.memoryHowToAdd }),
    ("Session.memoryEveryConversation", { L10n.Session.memoryEveryConversation }),
    ("Session.memoryChanged", { L10n.Session.memoryChanged(2) }),
    ("Session.noMemoriesYet", { L10n.Session.noMemoriesYet }),
    ("Session.noMemoryNumber", { L10n.Session.noMemoryNumber(2, 2) }),
  ]
}
