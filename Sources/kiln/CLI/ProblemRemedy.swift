import AI
import Core
import Foundation
import Localization

/// What the user can do about a failed reply, named with the host and the setting involved,
/// so no error suggests a remedy that cannot work (`/retry` never fixes a refused key).
enum ProblemRemedy {
  /// The sentence for `error` with `provider`, or `nil` when trying again is the remedy.
  static func sentence(for error: AppError, provider: AIConfiguration.Provider) -> String? {
    let place = Place(provider)
    switch error {
    case .network:
      guard let place else { return nil }
      return L10n.Terminal.Commands.remedyNetwork(place.host, place.setting)
    case .apiKeyRejected:
      let host = place?.host ?? L10n.Terminal.Commands.remedyTheProvider
      return L10n.Terminal.Commands.remedyKeyRejected(host, AIConfiguration.Key.openAIAPIKey)
    case .unauthorized, .sessionExpired:
      return L10n.Terminal.Commands.remedySignIn
    case .notConfigured:
      return L10n.Terminal.Commands.remedyNotConfigured
    case .notFound:
      guard let place else { return nil }
      return L10n.Terminal.Commands.remedyNotFound(place.host, place.setting)
    default:
      return nil
    }
  }

  /// Whether asking again can succeed: a lost connection, a busy or failing server, a rate
  /// limit. A refused key, a missing sign-in or a request the server judged invalid cannot.
  static func retryCanHelp(_ error: AppError) -> Bool {
    switch error {
    case .network, .rateLimited, .serviceUnavailable, .decoding, .unknown, .storage: true
    default: false
    }
  }

  /// Where requests go: the host (and port) and the setting that names it.
  private struct Place {
    var host: String
    var setting: String

    init?(_ provider: AIConfiguration.Provider) {
      switch provider {
      case .echo: return nil
      case .proxy(let settings):
        host = Self.hostAndPort(settings.endpoint ?? settings.baseURL)
        setting = AIConfiguration.Key.proxyBaseURL
      case .direct(let settings):
        host = Self.hostAndPort(settings.baseURL)
        setting = AIConfiguration.Key.openAIBaseURL
      }
    }

    static func hostAndPort(_ url: URL) -> String {
      let host = url.host ?? url.absoluteString
      return url.port.map { "\(host):\($0)" } ?? host
    }
  }
}
