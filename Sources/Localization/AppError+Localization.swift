import Core

extension AppError {
  /// The sentence to show the user, in the current language (`L10n.language`). Every UI
  /// error call site shows this, never `userMessage`. In English it equals `userMessage`.
  public var localizedUserMessage: String {
    localizedUserMessage(using: L10n.current)
  }

  /// The sentence to show the user, in `language`.
  public func localizedUserMessage(in language: Language) -> String {
    localizedUserMessage(using: Localizer(language: language))
  }

  /// The sentence to show the user, looked up through `localizer`.
  ///
  /// `.validation` carries a sentence its thrower wrote and is shown as is in every
  /// language (throwers build it from `L10n`); an empty one becomes a generic sentence.
  public func localizedUserMessage(using localizer: Localizer) -> String {
    typealias Key = L10n.Error.Key
    func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      localizer.string(key.key, arguments: arguments)
    }
    switch self {
    case .network:
      switch networkFailureKind {
      case .offline: return text(.networkOffline)
      case .timeout: return text(.networkTimeout)
      case .server: return text(.networkServer)
      case .client: return text(.networkClient)
      case .redirectLoop: return text(.networkRedirectLoop)
      case .other, .none: return text(.networkGeneric)
      }
    case .decoding: return text(.decoding)
    case .unauthorized: return text(.unauthorized)
    case .apiKeyRejected: return text(.apiKeyRejected)
    case .rateLimited: return text(.rateLimited)
    case .cancelled: return text(.cancelled)
    case .validation(let message):
      let isBlank = message.allSatisfy(\.isWhitespace)
      return isBlank ? text(.validationGeneric) : message
    case .subscriptionRequired: return text(.subscriptionRequired)
    case .freeQuotaExhausted: return text(.freeQuotaExhausted)
    case .notConfigured(let what): return text(.notConfigured, [.text(what)])
    case .storage(let issue):
      switch issue {
      case .diskFull: return text(.storageDiskFull)
      case .corrupted: return text(.storageCorrupted)
      case .newerSchema: return text(.storageNewerSchema)
      case .busy: return text(.storageBusy)
      case .readOnly: return text(.storageReadOnly)
      case .notFound: return text(.storageNotFound)
      case .failed: return text(.storageFailed)
      }
    case .sessionExpired: return text(.sessionExpired)
    case .notFound: return text(.notFound)
    case .payloadTooLarge: return text(.payloadTooLarge)
    case .serviceUnavailable: return text(.serviceUnavailable)
    case .unknown: return text(.unknown)
    }
  }
}
