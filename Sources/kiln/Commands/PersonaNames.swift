import FeatureChat
import Localization
import Storage

/// A persona's name as kiln shows it: a built-in persona under its name in the interface
/// language, any other under the name it was stored with. Ids never change.
enum PersonaNames {
  /// The shown name of the persona stored as `id` and `stored` on a conversation.
  static func shown(id: String?, stored: String?) -> String? {
    id.flatMap(L10n.Persona.name(forID:)) ?? stored
  }

  /// The shown name of `conversation`'s persona, if it has one.
  static func shown(_ conversation: ConversationDTO) -> String? {
    shown(id: conversation.personaID, stored: conversation.personaName)
  }
}

extension Persona {
  /// The name to print for this persona (see `PersonaNames`).
  var shownName: String {
    L10n.Persona.name(forID: id.rawValue) ?? displayName
  }
}
