import AI
import Core

/// Chat tunables; the defaults suit the seed's models.
public struct ChatConfiguration: Sendable, Equatable {
  /// The model to ask for; `nil` lets the client (or the proxy) choose.
  public var model: ModelID?
  /// Sampling temperature; `nil` leaves the provider's default.
  public var temperature: Double?
  /// How many tokens of context a request may use.
  public var contextBudget: ContextBudget
  /// The most observable text updates per second while a reply streams.
  public var maxUpdatesPerSecond: Int
  /// The longest a streamed reply stays only in memory before it is written.
  public var persistInterval: Duration
  /// Messages per page when loading older messages.
  public var pageSize: Int
  /// How close to the oldest loaded message scrolling loads the next page.
  public var prefetchThreshold: Int
  /// Whether "remember that …" messages add a memory.
  public var extractsMemories: Bool
  /// The longest message that may be sent, in UTF-8 bytes (1 MiB by default); a longer one
  /// is refused before anything is stored, and its text goes back to the input.
  public var maximumMessageBytes: Int

  /// A configuration; see each property for its default.
  public init(
    model: ModelID? = nil, temperature: Double? = nil,
    contextBudget: ContextBudget = ContextBudget(), maxUpdatesPerSecond: Int = 30,
    persistInterval: Duration = .milliseconds(500), pageSize: Int = 50,
    prefetchThreshold: Int = 5, extractsMemories: Bool = true,
    maximumMessageBytes: Int = 1 << 20
  ) {
    self.model = model
    self.temperature = temperature
    self.contextBudget = contextBudget
    self.maxUpdatesPerSecond = maxUpdatesPerSecond
    self.persistInterval = persistInterval
    self.pageSize = pageSize
    self.prefetchThreshold = prefetchThreshold
    self.extractsMemories = extractsMemories
    self.maximumMessageBytes = maximumMessageBytes
  }

  /// `bytes` for people: "1.5 MiB", "12 KiB", "300 bytes".
  public static func byteCount(_ bytes: Int) -> String {
    MessageSizeLimit.byteCount(bytes)
  }
}
