/// Something the user did that says how they feel about the app, with a weight.
///
/// Positive events raise the rating score and negative events lower it; the engine prompts
/// for a rating only when the (decayed) score reaches `RatingConfig.threshold`. Apps define
/// their own events with `.positive("name", weight:)` and `.negative("name", weight:)`, or
/// use the templates below.
public struct RatingEvent: Hashable, Codable, Sendable {
  /// Whether an event is a good or a bad moment for the user.
  public enum Sentiment: String, Hashable, Codable, Sendable, CaseIterable {
    /// A good moment: a finished task, a liked reply, a purchase.
    case positive
    /// A bad moment: a failure the user saw, a reply they disliked.
    case negative
  }

  /// The event's name, an open set: apps add their own names.
  public struct Name: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The name as stored and logged, e.g. `task_completed`.
    public let rawValue: String

    /// Creates a name from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a name from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw value.
    public var description: String { rawValue }
  }

  /// What happened.
  public let name: Name
  /// Whether it was a good or a bad moment.
  public let sentiment: Sentiment
  /// How much it counts: finite and never negative (the sentiment gives the sign).
  public let weight: Double

  /// Creates an event. A negative or non-finite weight counts as zero: use the sentiment,
  /// not the sign of the weight, to say that something went badly.
  public init(name: Name, sentiment: Sentiment, weight: Double) {
    self.name = name
    self.sentiment = sentiment
    self.weight = weight.isFinite ? max(0, weight) : 0
  }

  /// A good moment worth `weight` points, e.g. `.positive("task_done", weight: 2.0)`.
  public static func positive(_ name: Name, weight: Double) -> RatingEvent {
    RatingEvent(name: name, sentiment: .positive, weight: weight)
  }

  /// A bad moment that removes `weight` points, e.g. `.negative("reply_failed", weight: 1.5)`.
  public static func negative(_ name: Name, weight: Double) -> RatingEvent {
    RatingEvent(name: name, sentiment: .negative, weight: weight)
  }

  /// The signed change this event makes to the score: `+weight` or `-weight`.
  public var scoreDelta: Double {
    sentiment == .positive ? weight : -weight
  }
}
