import Postgres

extension PostgresServerStore {
  public func admit(_ request: AdmissionRequest) async throws(ServerStoreError) -> AdmissionDecision
  {
    let allowance = request.freeAllowance
    let statement =
      request.grantWaivesAllowance ? PostgresServerSQL.admitUnlessGranted : PostgresServerSQL.admit
    let result = try await query(
      "admit", statement,
      [
        .text(request.userID), .double(request.now.timeIntervalSince1970),
        request.rateLimit.map { .double($0.emissionInterval) },
        request.rateLimit.map { .double($0.period) },
        allowance.map { .int($0.limit) },
        allowance.map { .text($0.period.bucket(at: request.now)) },
        allowance?.period.renewal(after: request.now).map { .double($0) },
        .bool(request.charge),
      ])
    do {
      guard let row = result.first else {
        throw ServerStoreError.invalidData("kiln_admit returned no row")
      }
      let outcome = try row.decode(String.self, at: 0)
      switch outcome {
      case "admitted":
        return .admitted(freeRemaining: try row.decode(Int?.self, at: 1))
      case "free_quota_exhausted":
        return .freeQuotaExhausted(retryAfter: try row.decode(Double?.self, at: 2))
      case "rate_limited":
        return .rateLimited(retryAfter: try row.decode(Double.self, at: 2))
      case "account_closed":
        return .accountClosed
      default:
        throw ServerStoreError.invalidData("kiln_admit answered \(outcome)")
      }
    } catch {
      throw ServerStoreError(postgres: error)
    }
  }

  public func isAccountClosed(_ userID: String) async throws(ServerStoreError) -> Bool {
    let result = try await query(
      "account closed", PostgresServerSQL.accountClosed, [.text(userID)])
    do {
      return try result.first?.decode(Bool.self, at: 0) ?? false
    } catch {
      throw ServerStoreError(postgres: error)
    }
  }
}
