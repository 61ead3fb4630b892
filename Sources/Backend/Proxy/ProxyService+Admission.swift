import Foundation

/// A user who passed the entitlement and quota look.
struct Admission: Sendable {
  var userID: String
  /// The free allowance that applies, or `nil` for a subscriber.
  var freeAllowance: FreeAllowance?
  /// The free messages left (before this request while looking, after it once charged);
  /// `nil` for a subscriber.
  var freeRemaining: Int?
  /// Whether the store's admission is still to judge the entitlement (an operator's grant
  /// waives `freeAllowance`), because the entitlement source is the store's grants alone.
  var grantJudgedByStore = false
}

/// A refusal during admission, with the quota header's value when it is known.
struct AdmissionRefusal: Error {
  var error: APIError
  var freeRemaining: Int?
}

extension ProxyService {
  /// The entitlement: which free allowance applies to `userID`, if any.
  func entitle(userID: String, now: Date) async -> Result<Admission, AdmissionRefusal> {
    if entitlements.isStoreGrantsAlone {
      // The admission reads the grant itself, in its one store call (decision 149).
      return .success(
        Admission(
          userID: userID, freeAllowance: configuration.freeAllowance, freeRemaining: nil,
          grantJudgedByStore: true))
    }
    // A deleted account is refused before its entitlement is fetched (and saved again).
    do {
      if try await store.isAccountClosed(userID) {
        return .failure(AdmissionRefusal(error: .accountDeleted, freeRemaining: nil))
      }
    } catch {
      logger.error("account lookup failed: \(error)", category: .backend)
      return .failure(AdmissionRefusal(error: .storeUnavailable, freeRemaining: nil))
    }
    let entitled: Bool
    do {
      entitled = try await entitlements.isEntitled(userID: userID, now: now)
    } catch {
      logger.error("entitlement lookup failed: \(type(of: error))", category: .backend)
      return .failure(AdmissionRefusal(error: .storeUnavailable, freeRemaining: nil))
    }
    let allowance = entitled ? nil : configuration.freeAllowance
    return .success(Admission(userID: userID, freeAllowance: allowance, freeRemaining: nil))
  }

  /// A look at the quota and the rate limit that charges nothing.
  func look(_ admission: Admission, now: Date) async -> Result<Admission, AdmissionRefusal> {
    await decide(admission, now: now, charge: false)
  }

  /// The charge, once every check has passed: the store judges again and counts atomically,
  /// so a request that lost a race with another is refused here.
  func charge(_ admission: Admission, now: Date) async -> Result<Admission, AdmissionRefusal> {
    await decide(admission, now: now, charge: true)
  }

  private func decide(
    _ admission: Admission, now: Date, charge: Bool
  ) async -> Result<Admission, AdmissionRefusal> {
    let question = AdmissionRequest(
      userID: admission.userID, now: now, rateLimit: configuration.rateLimit,
      freeAllowance: admission.freeAllowance, charge: charge,
      grantWaivesAllowance: admission.grantJudgedByStore)
    let decision: AdmissionDecision
    do {
      decision = try await store.admit(question)
    } catch {
      logger.error("admission failed: \(error)", category: .backend)
      return .failure(AdmissionRefusal(error: .storeUnavailable, freeRemaining: nil))
    }
    switch decision {
    case .admitted(let remaining):
      var admitted = admission
      admitted.freeRemaining = remaining
      if admission.grantJudgedByStore {
        // The store judged the grant: no count left means no allowance applied.
        if remaining == nil { admitted.freeAllowance = nil }
        admitted.grantJudgedByStore = false
      }
      return .success(admitted)
    case .freeQuotaExhausted(let retryAfter):
      let error = APIError(
        status: 429, code: "free_quota_exhausted",
        message: "The free messages are used up; a subscription continues the conversation.",
        retryAfter: retryAfter)
      return .failure(AdmissionRefusal(error: error, freeRemaining: 0))
    case .rateLimited(let retryAfter):
      let error = APIError(
        status: 429, code: "rate_limited", message: "Too many requests; try again later.",
        retryAfter: retryAfter)
      let remaining = await freeRemaining(admission, now: now)
      return .failure(AdmissionRefusal(error: error, freeRemaining: remaining))
    case .accountClosed:
      return .failure(AdmissionRefusal(error: .accountDeleted, freeRemaining: nil))
    }
  }

  /// The free messages left, for a rate-limited non-subscriber (the rate limit's answer does
  /// not carry it); `nil` for a subscriber or when the store cannot say.
  private func freeRemaining(_ admission: Admission, now: Date) async -> Int? {
    guard let allowance = admission.freeAllowance else { return nil }
    let question = AdmissionRequest(
      userID: admission.userID, now: now, rateLimit: nil, freeAllowance: allowance,
      charge: false, grantWaivesAllowance: admission.grantJudgedByStore)
    do {
      if case .admitted(let remaining) = try await store.admit(question) { return remaining }
      return 0
    } catch {
      logger.error("quota look failed: \(error)", category: .backend)
      return nil
    }
  }
}

extension APIError {
  /// 401 for a token of an account that was deleted: the same code as any token that is no
  /// longer good, so a client signs out (decision 196).
  static let accountDeleted = APIError(
    status: 401, code: "unauthorized", message: "This account was deleted.")

  /// 503 when the store or the entitlement source cannot answer (decision 18: fail closed).
  static let storeUnavailable = APIError(
    status: 503, code: "service_unavailable",
    message: "The service cannot check this request right now; try again shortly.",
    retryAfter: 5)
}
