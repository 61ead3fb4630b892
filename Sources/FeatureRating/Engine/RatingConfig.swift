import Foundation

/// Every rule of the rating prompt, with its default.
///
/// Durations are elapsed seconds, not calendar days, so daylight-saving changes and time
/// zones never move a boundary: "30 days" is `30 * 86_400` seconds after the anchor.
public struct RatingConfig: Equatable, Sendable {
  /// Seconds in a day, for building durations.
  public static let day: TimeInterval = 86_400

  /// The score at which the prompt may show. Default 5: about three finished tasks, or five
  /// liked replies, close together in time.
  public var threshold: Double
  /// How fast the score fades while the user is inactive: it halves every `scoreHalfLife`
  /// seconds since the last recorded event. Default 7 days. Zero, negative or non-finite
  /// values turn decay off.
  public var scoreHalfLife: TimeInterval
  /// The score is clamped to this range after every event. Default -10...20: a long good
  /// streak cannot bank enough points to outweigh a recent bad moment, and a bad day can be
  /// recovered from.
  public var scoreRange: ClosedRange<Double>
  /// Minimum time between two prompts, measured from the last prompt. Default 30 days (seed).
  public var cooldown: TimeInterval
  /// Most prompts in any rolling `promptWindow`. Default 3 (seed; Apple's own limit).
  public var maximumPromptsPerWindow: Int
  /// The rolling window for `maximumPromptsPerWindow`. Default 365 days; a prompt leaves
  /// the window exactly `promptWindow` seconds after it was shown.
  public var promptWindow: TimeInterval
  /// Once the user chose "Rate", never ask again. Default `true` (seed).
  public var stopAskingAfterRating: Bool
  /// No prompt until this long after the first launch the engine saw. Default 3 days.
  public var firstRunGracePeriod: TimeInterval
  /// No prompt before this many sessions have started. Default 3.
  public var minimumSessions: Int
  /// No prompt this soon after a negative event, whatever the score. Default 1 day.
  public var quietPeriodAfterNegativeEvent: TimeInterval
  /// Whether "Not now" sets the score back to zero, so the next prompt needs fresh good
  /// moments. Default `true`.
  public var resetsScoreOnDecline: Bool

  /// Creates a configuration; every parameter has the documented default.
  public init(
    threshold: Double = 5,
    scoreHalfLife: TimeInterval = 7 * RatingConfig.day,
    scoreRange: ClosedRange<Double> = -10...20,
    cooldown: TimeInterval = 30 * RatingConfig.day,
    maximumPromptsPerWindow: Int = 3,
    promptWindow: TimeInterval = 365 * RatingConfig.day,
    stopAskingAfterRating: Bool = true,
    firstRunGracePeriod: TimeInterval = 3 * RatingConfig.day,
    minimumSessions: Int = 3,
    quietPeriodAfterNegativeEvent: TimeInterval = RatingConfig.day,
    resetsScoreOnDecline: Bool = true
  ) {
    self.threshold = threshold
    self.scoreHalfLife = scoreHalfLife
    self.scoreRange = scoreRange
    self.cooldown = cooldown
    self.maximumPromptsPerWindow = maximumPromptsPerWindow
    self.promptWindow = promptWindow
    self.stopAskingAfterRating = stopAskingAfterRating
    self.firstRunGracePeriod = firstRunGracePeriod
    self.minimumSessions = minimumSessions
    self.quietPeriodAfterNegativeEvent = quietPeriodAfterNegativeEvent
    self.resetsScoreOnDecline = resetsScoreOnDecline
  }

  /// The defaults.
  public static let `default` = RatingConfig()
}
