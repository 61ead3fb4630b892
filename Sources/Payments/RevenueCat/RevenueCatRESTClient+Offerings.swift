import Core
import Foundation
import Networking

extension RevenueCatRESTClient {
  /// Loads the offerings ahead of time; a failure is only logged.
  public func prefetchOfferings() async {
    do {
      _ = try await getOfferings()
    } catch {
      logger.error("Prefetching offerings", error, category: .payments)
    }
  }

  /// The packages of the customer's current offering, priced from the product catalog, in
  /// RevenueCat's order. Cached like the customer info; when RevenueCat is unreachable or
  /// fails (5xx) the last list is returned, but a rejection (4xx, such as a bad key) is
  /// thrown, since retrying will not help.
  /// - Throws: `PaymentsError`: `.notConfigured`, `.notSignedIn`, `.invalidAPIKey`,
  ///   `.server`, `.network` (with no list to fall back on), `.invalidResponse`.
  public func getOfferings() async throws -> [PaymentsOffering] {
    guard let config else { throw PaymentsError.notConfigured("RevenueCat") }
    guard let appUserID = config.appUserID else { throw PaymentsError.notSignedIn }
    guard config.hasUsableAPIKey else { throw PaymentsError.notConfigured("RevenueCat API key") }
    let previous = offeringsCache?.appUserID == appUserID ? offeringsCache : nil
    if let previous, !isStale(previous.fetchedAt) { return previous.offerings }
    do {
      return try await refreshOfferings(config: config, appUserID: appUserID)
    } catch {
      if let previous, error.allowsFallbackToCachedOfferings {
        logger.error("Refreshing offerings (showing the last list)", error, category: .payments)
        return previous.offerings
      }
      logger.error("Loading offerings", error, category: .payments)
      throw error
    }
  }

  private func refreshOfferings(
    config: PaymentsConfig, appUserID: String
  ) async throws(PaymentsError) -> [PaymentsOffering] {
    if let offeringsFetch, offeringsFetch.appUserID == appUserID {
      return try await Self.value(of: offeringsFetch.task)
    }
    let request = try RevenueCatAPI.offeringsRequest(config: config, appUserID: appUserID)
    nextFetchID += 1
    let id = nextFetchID
    let task = Task {
      defer { if offeringsFetch?.id == id { offeringsFetch = nil } }
      return try await downloadOfferings(request, appUserID: appUserID)
    }
    offeringsFetch = Fetch(id: id, appUserID: appUserID, task: task)
    return try await Self.value(of: task)
  }

  /// The task's value, its failure as a `PaymentsError`.
  static func value<Value>(
    of task: Task<Value, any Error>
  ) async throws(PaymentsError) -> Value {
    do {
      return try await task.value
    } catch {
      throw RevenueCatAPI.paymentsError(from: error)
    }
  }

  private func downloadOfferings(
    _ request: HTTPRequest, appUserID: String
  ) async throws -> [PaymentsOffering] {
    let response: HTTPResponse
    do {
      response = try await httpClient.send(request)
    } catch {
      throw RevenueCatAPI.paymentsError(from: error)
    }
    let body: RevenueCatOfferingsResponse
    do {
      body = try JSONDecoder().decode(RevenueCatOfferingsResponse.self, from: response.data)
    } catch {
      let detail = AppError.diagnose(error).detail
      throw PaymentsError.invalidResponse("offerings (HTTP \(response.statusCode)): \(detail)")
    }
    let offerings = priced(body)
    if config?.appUserID == appUserID {
      offeringsCache = (appUserID, offerings, clock.now())
    }
    return offerings
  }

  /// The current offering's packages that the catalog can price, without duplicates.
  private func priced(_ body: RevenueCatOfferingsResponse) -> [PaymentsOffering] {
    guard let current = body.currentOffering else {
      logger.notice(
        "RevenueCat names no current offering; the paywall is empty", category: .payments)
      return []
    }
    var result: [PaymentsOffering] = []
    for package in current.packages {
      let productID = ProductID(package.platformProductIdentifier)
      guard let product = catalog[productID] else {
        logger.notice(
          "No price known for \(productID) (package \(package.identifier)); not offered",
          category: .payments)
        continue
      }
      if !result.contains(where: { $0.id == productID }) { result.append(product) }
    }
    return result
  }
}

extension PaymentsError {
  /// Whether the last offerings may stand in: the server was unreachable or failed, or its
  /// answer was unreadable. A 4xx is RevenueCat authoritatively refusing, so it is not.
  var allowsFallbackToCachedOfferings: Bool {
    switch self {
    case .network(let error): return error != .cancelled
    case .server(let status, _, _): return status >= 500
    case .invalidResponse: return true
    default: return false
    }
  }
}
