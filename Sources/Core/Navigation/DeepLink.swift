import Foundation

/// A place in the app that a URL, a notification or another app can open.
///
/// Parsed from `kiln://chat/<id>`, `kiln://chat/new`, `kiln://settings`, `kiln://paywall`,
/// or the same paths on an `https` link (`https://example.com/chat/<id>`).
public enum DeepLink: Hashable, Sendable {
  /// An existing conversation.
  case conversation(UUID)
  /// A new, empty conversation.
  case newConversation
  /// The settings screen.
  case settings
  /// The subscription offer.
  case paywall

  /// The custom URL scheme the app registers.
  public static let scheme = "kiln"

  /// Parses `url`; `nil` when it names no known place.
  public init?(url: URL) {
    guard let scheme = url.scheme?.lowercased() else { return nil }
    var parts = url.pathComponents.filter { $0 != "/" }
    if scheme == Self.scheme {
      if let host = url.host, !host.isEmpty { parts.insert(host, at: 0) }
    } else if scheme != "https" {
      return nil
    }
    switch parts.map({ $0.lowercased() }) {
    case ["chat", "new"], ["new"]:
      self = .newConversation
    case let path where path.count == 2 && path[0] == "chat":
      guard let id = UUID(uuidString: parts[1]) else { return nil }
      self = .conversation(id)
    case ["settings"]:
      self = .settings
    case ["paywall"], ["upgrade"]:
      self = .paywall
    default:
      return nil
    }
  }

  /// The canonical `kiln://` URL for this place.
  public var url: URL {
    let path: String
    switch self {
    case .conversation(let id): path = "chat/\(id.uuidString)"
    case .newConversation: path = "chat/new"
    case .settings: path = "settings"
    case .paywall: path = "paywall"
    }
    // Every component is ASCII without reserved characters, so the URL always parses.
    return URL(string: "\(Self.scheme)://\(path)") ?? URL(fileURLWithPath: "/")
  }
}
