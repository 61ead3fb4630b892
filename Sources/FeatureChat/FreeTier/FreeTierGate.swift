import Core
import Foundation
import Observation
import Storage

/// The free tier for the whole app: decides whether a message may be sent, counts the ones
/// that were, and shows how many are left.
///
/// One gate is shared by every conversation. Counts live in Storage's `UsageRepository`,
/// so they survive restarts. A message is counted once the server accepted the request
/// (the stream started); a request refused before that (offline, an HTTP error) or stopped
/// before it was accepted is not. While the local count is the gate (no figure from the
/// proxy yet), a message is counted when it is reserved, in the same database transaction
/// that checks the limit, and given back if it is never accepted: processes sharing the
/// database queue on that transaction and never send more than the limit together. Messages allowed but not yet counted are held as
/// "pending", so two conversations sending at once cannot both take the last free
/// message. The proxy's `X-Free-Messages-Remaining` and its `free_quota_exhausted` refusal
/// win over the local count. Subscribers and direct providers are never capped.
@MainActor @Observable
public final class FreeTierGate {
  /// What the screen shows about the free tier.
  public enum Status: Sendable, Equatable {
    /// Not known yet (`refresh()` not called).
    case unknown
    /// No cap applies: a subscriber, or the user's own provider.
    case unlimited
    /// Capped; `remaining` messages are left (0: the next one asks for a subscription).
    case metered(remaining: Int)
  }

  /// Where the user stands; observable.
  public private(set) var status: Status = .unknown

  /// The rules.
  public let policy: FreeTierPolicy
  /// The kind of client answering.
  public let provider: ChatProviderKind
  @ObservationIgnored private let subscription: any SubscriptionStatusProviding
  @ObservationIgnored private let usage: any UsageRepository
  @ObservationIgnored private let clock: AppClock
  @ObservationIgnored private let calendar: Calendar
  @ObservationIgnored private let logger: AppLogger
  @ObservationIgnored private var knownUsed: (dayKey: String, used: Int)?
  @ObservationIgnored private var serverRemaining: (dayKey: String, remaining: Int)?
  @ObservationIgnored private var pending = 0

  /// A gate.
  /// - Parameters:
  ///   - policy: the limit and period (`kFreeMessageLimit`, lifetime, by default).
  ///   - provider: echo and proxy are capped, direct is not.
  ///   - subscription: whether the user subscribed (the app adapts its payments client).
  ///   - usage: the persistent counter.
  ///   - clock: today's date for daily limits.
  ///   - calendar: the calendar and time zone that decide where a day begins.
  ///   - logger: receives counter failures.
  public init(
    policy: FreeTierPolicy = .standard, provider: ChatProviderKind,
    subscription: any SubscriptionStatusProviding, usage: any UsageRepository,
    clock: AppClock, calendar: Calendar, logger: AppLogger = .disabled
  ) {
    self.policy = policy
    self.provider = provider
    self.subscription = subscription
    self.usage = usage
    self.clock = clock
    self.calendar = calendar
    self.logger = logger
  }

  /// Messages left, or `nil` when no cap applies or it is not known yet.
  public var remaining: Int? {
    if case .metered(let remaining) = status { return remaining }
    return nil
  }

  /// Reads the subscription and the counter and updates `status`.
  public func refresh() async {
    guard let used = await currentUsage() else { return }
    status = statusNow(used: used)
  }

  /// Asks to send one message: a ticket when allowed (settle it with `commit` or
  /// `release`), `nil` when the cap is reached.
  func reserve() async -> FreeTierTicket? {
    guard let used = await currentUsage() else { return FreeTierTicket(isMetered: false) }
    if currentServerRemaining(used.dayKey) == nil {
      // The local count is the gate: check and count in one database transaction, so other
      // processes (and other conversations here) cannot take the same last message.
      do {
        let scope: UsageScope = policy.period == .lifetime ? .lifetime : .day
        guard
          let counts = try await usage.recordMessageSent(
            dayKey: used.dayKey, below: policy.limit, scope: scope)
        else {
          status = .metered(remaining: 0)
          return nil
        }
        remember(counts)
        status = statusNow(used: (used.dayKey, knownUsed?.used ?? 0))
        return FreeTierTicket(isMetered: true, countedOn: used.dayKey)
      } catch {
        logger.error("count a free message", error, category: .feature)
      }
    }
    // From here on nothing suspends, so two callers cannot both take the last message.
    let decision = FreeTierEngine.decision(
      used: used.count, pending: pending, serverRemaining: currentServerRemaining(used.dayKey),
      isSubscribed: false, provider: provider, policy: policy)
    switch decision {
    case .unlimited:
      status = .unlimited
      return FreeTierTicket(isMetered: false)
    case .blocked:
      status = .metered(remaining: 0)
      return nil
    case .allowed:
      pending += 1
      status = statusNow(used: used)
      return FreeTierTicket(isMetered: true)
    }
  }

  /// Counts the ticket's message: the server accepted it. `serverRemaining` is the
  /// proxy's figure from the response head, when it sent one. Settling twice does nothing.
  func commit(_ ticket: FreeTierTicket, serverRemaining reported: Int?) async {
    guard ticket.settle() else { return }
    let dayKey = FreeTierEngine.dayKey(for: clock.now(), calendar: calendar)
    if let reported {
      serverRemaining = (dayKey, max(0, reported))
    } else if let known = serverRemaining, known.dayKey == dayKey {
      serverRemaining = (dayKey, max(0, known.remaining - 1))
    }
    if let counted = ticket.countedOn {
      // Counted when it was reserved.
      if let known = knownUsed, known.dayKey == counted {
        status = statusNow(used: (known.dayKey, known.used))
      }
      return
    }
    do {
      let counts = try await usage.recordMessageSent(dayKey: dayKey)
      remember(counts)
    } catch {
      logger.error("count a free message", error, category: .feature)
      let known = knownUsed.map { $0.dayKey == dayKey ? $0.used : 0 } ?? 0
      knownUsed = (dayKey, known + 1)
    }
    pending -= 1
    status = statusNow(used: (dayKey, knownUsed?.used ?? 0))
  }

  /// Gives the ticket's message back without counting it (it was never accepted).
  func release(_ ticket: FreeTierTicket) async {
    guard ticket.settle() else { return }
    if let counted = ticket.countedOn {
      do {
        let counts = try await usage.retractMessageSent(dayKey: counted)
        let used = policy.period == .lifetime ? counts.lifetimeMessages : counts.messagesOnDay
        knownUsed = (counts.dayKey, used)
      } catch {
        logger.error("give back a free message", error, category: .feature)
      }
    } else {
      pending -= 1
    }
    if let known = knownUsed { status = statusNow(used: (known.dayKey, known.used)) }
  }

  /// Records the proxy's `free_quota_exhausted` refusal: nothing is left.
  func serverReportedExhaustion() {
    let dayKey = FreeTierEngine.dayKey(for: clock.now(), calendar: calendar)
    serverRemaining = (dayKey, 0)
    if status != .unlimited { status = .metered(remaining: 0) }
  }

  /// Records a `X-Free-Messages-Remaining` figure that came without a counted message (on
  /// a refusal).
  func serverReported(remaining: Int) {
    let dayKey = FreeTierEngine.dayKey(for: clock.now(), calendar: calendar)
    serverRemaining = (dayKey, max(0, remaining))
    if let known = knownUsed { status = statusNow(used: (known.dayKey, known.used)) }
  }

  /// Today's count, or `nil` when no cap applies (the status then says `.unlimited`).
  private func currentUsage() async -> (dayKey: String, count: Int)? {
    guard provider.isMetered else {
      status = .unlimited
      return nil
    }
    guard await !subscription.isSubscribed() else {
      status = .unlimited
      return nil
    }
    let dayKey = FreeTierEngine.dayKey(for: clock.now(), calendar: calendar)
    do {
      remember(try await usage.counts(dayKey: dayKey))
    } catch {
      logger.error("read the free message count", error, category: .feature)
    }
    let known = knownUsed.flatMap { $0.dayKey == dayKey ? $0.used : nil } ?? 0
    return (dayKey, known)
  }

  /// Keeps the highest count seen for the day, so a read that finished after a commit
  /// cannot lower it.
  private func remember(_ counts: UsageCounts) {
    let used = policy.period == .lifetime ? counts.lifetimeMessages : counts.messagesOnDay
    if let known = knownUsed, known.dayKey == counts.dayKey, known.used >= used { return }
    knownUsed = (counts.dayKey, used)
  }

  private func currentServerRemaining(_ dayKey: String) -> Int? {
    guard let known = serverRemaining else { return nil }
    // A daily figure from another day says nothing about today.
    return policy.period == .daily && known.dayKey != dayKey ? nil : known.remaining
  }

  private func statusNow(used: (dayKey: String, count: Int)) -> Status {
    .metered(
      remaining: FreeTierEngine.remaining(
        used: used.count, pending: pending, serverRemaining: currentServerRemaining(used.dayKey),
        policy: policy))
  }
}

/// Permission to send one message, settled exactly once.
@MainActor
final class FreeTierTicket {
  /// Whether the message counts against the free tier.
  let isMetered: Bool
  /// The day key the message was already counted under when it was reserved; `nil` when
  /// it is counted only once the server accepts it.
  let countedOn: String?
  private var isSettled = false

  init(isMetered: Bool, countedOn: String? = nil) {
    self.isMetered = isMetered
    self.countedOn = countedOn
    if !isMetered { isSettled = true }
  }

  /// Marks the ticket settled; false when it already was (or was never metered).
  func settle() -> Bool {
    if isSettled { return false }
    isSettled = true
    return true
  }
}
