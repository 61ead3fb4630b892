import Core
import Foundation

/// A per-user request rate: at most `count` requests in any `period`, enforced as GCRA
/// (the generic cell rate algorithm), which behaves as a sliding window without storing one
/// timestamp per request (decisions 18 and 29).
public struct RateLimit: Sendable, Hashable {
  /// Requests allowed in one period.
  public let count: Int
  /// The period, in seconds.
  public let period: Double

  /// A limit of `count` requests per `period` seconds; both must be positive.
  public init?(count: Int, period: Double) {
    guard count > 0, period > 0, period.isFinite else { return nil }
    self.count = count
    self.period = period
  }

  /// The spacing GCRA keeps between requests once the burst is spent.
  public var emissionInterval: Double { period / Double(count) }

  /// GCRA's step: given the stored theoretical arrival time (`nil` for a user never seen),
  /// either the new one to store, or how long to wait before the next request is allowed.
  public func step(storedArrival: Double?, now: Double) -> RateLimitStep {
    let base = max(storedArrival ?? now, now)
    let next = base + emissionInterval
    if next - now > period + Self.tolerance {
      return .refused(retryAfter: next - period - now)
    }
    return .allowed(newArrival: next)
  }

  /// Absorbs floating-point error so exactly `count` requests fit into one period.
  static let tolerance = 1e-9
}

/// The outcome of one GCRA step.
public enum RateLimitStep: Sendable, Hashable {
  /// Allowed: store `newArrival` as the user's theoretical arrival time.
  case allowed(newArrival: Double)
  /// Refused: the next request is allowed in `retryAfter` seconds.
  case refused(retryAfter: Double)
}

/// How free messages are counted (decision 29).
public enum FreePeriod: String, Sendable, Hashable, CaseIterable {
  /// One allowance for the account's whole life.
  case lifetime
  /// A new allowance every UTC day.
  case day

  /// The counter a request at `now` is charged to: `lifetime`, or the UTC date
  /// `YYYY-MM-DD`.
  public func bucket(at now: Date) -> String {
    switch self {
    case .lifetime: return "lifetime"
    case .day:
      let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
      return Self.isoDate(daysSince1970: day)
    }
  }

  /// Seconds from `now` until the allowance renews, or `nil` when it never does.
  public func renewal(after now: Date) -> Double? {
    switch self {
    case .lifetime: return nil
    case .day:
      let seconds = now.timeIntervalSince1970
      let nextMidnight = ((seconds / 86_400).rounded(.down) + 1) * 86_400
      return nextMidnight - seconds
    }
  }

  /// The UTC date `days` after 1970-01-01 as `YYYY-MM-DD`.
  static func isoDate(daysSince1970 days: Int) -> String {
    let date = CivilDate.fromDays(days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
  }
}

/// A non-subscriber's free messages (decision 6).
public struct FreeAllowance: Sendable, Hashable {
  /// Messages allowed per period.
  public let limit: Int
  /// Whether the allowance is for life or renews daily.
  public let period: FreePeriod

  /// An allowance of `limit` messages (zero or more) per `period`.
  public init?(limit: Int, period: FreePeriod) {
    guard limit >= 0 else { return nil }
    self.limit = limit
    self.period = period
  }
}

/// One admission question for the store: may `userID` make a request now?
public struct AdmissionRequest: Sendable, Hashable {
  /// The user's id (the token's `sub`).
  public var userID: String
  /// The request's time.
  public var now: Date
  /// The user's rate limit, if any.
  public var rateLimit: RateLimit?
  /// The free allowance, for a user without an entitlement; `nil` for subscribers.
  public var freeAllowance: FreeAllowance?
  /// `true` charges the free message and the rate-limit slot when the answer is
  /// `.admitted`; `false` only looks (nothing changes).
  public var charge: Bool
  /// `true` lets an operator's grant waive the free allowance: when the user's grant has not
  /// ended at `now` (`now < until`), the store judges as if `freeAllowance` were `nil`, in
  /// the same call (so the proxy asks the store once, not for the grant first). The rate
  /// limit applies either way.
  public var grantWaivesAllowance: Bool

  /// A question with every part given.
  public init(
    userID: String, now: Date, rateLimit: RateLimit?, freeAllowance: FreeAllowance?,
    charge: Bool, grantWaivesAllowance: Bool = false
  ) {
    self.userID = userID
    self.now = now
    self.rateLimit = rateLimit
    self.freeAllowance = freeAllowance
    self.charge = charge
    self.grantWaivesAllowance = grantWaivesAllowance
  }
}

/// The store's answer to an `AdmissionRequest`.
public enum AdmissionDecision: Sendable, Hashable {
  /// Allowed. `freeRemaining` is what is left of the free allowance after this request (or,
  /// when only looking, before it); `nil` when no allowance applies.
  case admitted(freeRemaining: Int?)
  /// The free allowance is spent; it renews in `retryAfter` seconds, or never (`nil`).
  case freeQuotaExhausted(retryAfter: Double?)
  /// Over the rate limit; the next request is allowed in `retryAfter` seconds.
  case rateLimited(retryAfter: Double)
  /// The account was deleted (delete-account closed it, as the sync routes see it): a token
  /// issued before still verifies until it expires, but is refused, and nothing is counted
  /// for a user whose data was erased.
  case accountClosed
}
