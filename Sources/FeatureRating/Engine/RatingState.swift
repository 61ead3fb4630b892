import Foundation

/// What the rating engine remembers between launches.
///
/// The score is stored as it was at `lastActivity`; the engine decays it to "now" whenever
/// it reads it, so nothing has to run while the app is closed.
public struct RatingState: Equatable, Sendable {
  /// The score as of `lastActivity` (undecayed).
  public var score: Double
  /// When the last event was recorded (or the score was reset); the decay starts here.
  public var lastActivity: Date?
  /// When the engine first saw the app running: the start of the first-run grace period.
  public var firstSeen: Date?
  /// How many sessions have started.
  public var sessionCount: Int
  /// When the prompt was shown, oldest first, pruned to the rolling prompt window.
  public var promptDates: [Date]
  /// When the last negative event was recorded.
  public var lastNegativeEvent: Date?
  /// When the user chose "Rate", if they did.
  public var ratedAt: Date?
  /// When the user last chose "Not now".
  public var lastDeclined: Date?
  /// How many times the user chose "Not now".
  public var declineCount: Int

  /// Creates a state; the defaults describe a fresh install.
  public init(
    score: Double = 0,
    lastActivity: Date? = nil,
    firstSeen: Date? = nil,
    sessionCount: Int = 0,
    promptDates: [Date] = [],
    lastNegativeEvent: Date? = nil,
    ratedAt: Date? = nil,
    lastDeclined: Date? = nil,
    declineCount: Int = 0
  ) {
    self.score = score
    self.lastActivity = lastActivity
    self.firstSeen = firstSeen
    self.sessionCount = sessionCount
    self.promptDates = promptDates
    self.lastNegativeEvent = lastNegativeEvent
    self.ratedAt = ratedAt
    self.lastDeclined = lastDeclined
    self.declineCount = declineCount
  }

  /// Whether the user has chosen "Rate".
  public var hasRated: Bool { ratedAt != nil }

  /// The most recent prompt.
  public var lastPrompt: Date? { promptDates.max() }
}

extension RatingState: Codable {
  private enum CodingKeys: String, CodingKey {
    case score, lastActivity, firstSeen, sessionCount, promptDates, lastNegativeEvent
    case ratedAt, lastDeclined, declineCount
  }

  /// Decodes a state; missing fields take their fresh-install values, so states written by
  /// older versions still load.
  /// - Throws: `DecodingError` when a present field has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      score: try container.decodeIfPresent(Double.self, forKey: .score) ?? 0,
      lastActivity: try container.decodeIfPresent(Date.self, forKey: .lastActivity),
      firstSeen: try container.decodeIfPresent(Date.self, forKey: .firstSeen),
      sessionCount: try container.decodeIfPresent(Int.self, forKey: .sessionCount) ?? 0,
      promptDates: try container.decodeIfPresent([Date].self, forKey: .promptDates) ?? [],
      lastNegativeEvent: try container.decodeIfPresent(Date.self, forKey: .lastNegativeEvent),
      ratedAt: try container.decodeIfPresent(Date.self, forKey: .ratedAt),
      lastDeclined: try container.decodeIfPresent(Date.self, forKey: .lastDeclined),
      declineCount: try container.decodeIfPresent(Int.self, forKey: .declineCount) ?? 0
    )
  }

  /// Encodes every field.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(score, forKey: .score)
    try container.encodeIfPresent(lastActivity, forKey: .lastActivity)
    try container.encodeIfPresent(firstSeen, forKey: .firstSeen)
    try container.encode(sessionCount, forKey: .sessionCount)
    try container.encode(promptDates, forKey: .promptDates)
    try container.encodeIfPresent(lastNegativeEvent, forKey: .lastNegativeEvent)
    try container.encodeIfPresent(ratedAt, forKey: .ratedAt)
    try container.encodeIfPresent(lastDeclined, forKey: .lastDeclined)
    try container.encode(declineCount, forKey: .declineCount)
  }
}
