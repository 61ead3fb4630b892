import Observation

/// Delivers deep links to the part of the app that routes them, without ever dropping one.
///
/// A link can arrive before the UI is ready (a cold start from a notification tap). Until a
/// handler is attached, links queue in arrival order; attaching flushes the queue to the
/// handler, and later links go straight to it. `latest` always holds the newest link, for
/// SwiftUI views that react with `.onChange(of: bus.latest)`.
@MainActor
@Observable
public final class DeepLinkBus {
  /// The most recent link received, delivered or not.
  public private(set) var latest: DeepLink?
  /// Links waiting for a handler, oldest first.
  public private(set) var pending: [DeepLink] = []

  @ObservationIgnored private var handler: ((DeepLink) -> Void)?

  public init() {}

  /// Receives a link: hands it to the handler, or queues it until one is attached.
  public func post(_ link: DeepLink) {
    latest = link
    if let handler {
      handler(link)
    } else {
      pending.append(link)
    }
  }

  /// Attaches the handler and flushes every queued link to it, in order.
  public func attach(_ handler: @escaping (DeepLink) -> Void) {
    self.handler = handler
    let queued = pending
    pending.removeAll()
    for link in queued { handler(link) }
  }

  /// Detaches the handler; links queue again until the next `attach`.
  public func detach() {
    handler = nil
  }
}
