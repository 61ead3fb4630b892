import Foundation

/// The free tier's arithmetic, as pure functions.
public enum FreeTierEngine {
  /// Where the user stands with the free tier.
  public enum Decision: Sendable, Equatable {
    /// No cap applies (a subscriber, or a direct provider).
    case unlimited
    /// The message may be sent; `remaining` is what is left before it is counted.
    case allowed(remaining: Int)
    /// The cap is reached; the user needs a subscription.
    case blocked
  }

  /// Whether one more message may be sent.
  /// - Parameters:
  ///   - used: messages counted in the current period.
  ///   - pending: messages allowed but not yet counted (replies in flight).
  ///   - serverRemaining: what the proxy last reported (`X-Free-Messages-Remaining`); it
  ///     wins over the local count because the server is the authority.
  ///   - isSubscribed: whether the user has a subscription.
  ///   - provider: which client answers.
  ///   - policy: the limit and period.
  public static func decision(
    used: Int, pending: Int, serverRemaining: Int?, isSubscribed: Bool,
    provider: ChatProviderKind, policy: FreeTierPolicy
  ) -> Decision {
    if isSubscribed || !provider.isMetered { return .unlimited }
    let remaining = self.remaining(
      used: used, pending: pending, serverRemaining: serverRemaining, policy: policy)
    return remaining > 0 ? .allowed(remaining: remaining) : .blocked
  }

  /// Messages left: the server's figure when it gave one, else the limit minus what is
  /// used; in-flight messages are subtracted from either; never negative.
  public static func remaining(
    used: Int, pending: Int, serverRemaining: Int?, policy: FreeTierPolicy
  ) -> Int {
    let base = serverRemaining ?? (policy.limit - used)
    return max(0, base - pending)
  }

  /// The usage counter's key for the day `date` falls on in `calendar`: `yyyy-MM-dd`.
  public static func dayKey(for date: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = parts.year ?? 0
    let month = parts.month ?? 0
    let day = parts.day ?? 0
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
