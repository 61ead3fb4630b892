import Core
import Foundation
import Networking

extension RevenueCatRESTClient {
  /// Loads the offerings ahead of time; a failure is only logged.
  public func prefetchOfferings() async {
    do {
      _ = try await offeringsResponse()
    } catch {
      logger.error("Prefetching offerings", error, category: .payments)
    }
  }

  /// The packages of the customer's current offering; see `getOfferings(for:)`.
  /// - Throws: as `getOfferings(for:)`.
  public func getOfferings() async throws -> [PaymentsOffering] {
    try await getOfferings(for: nil)
  }

  /// The packages of the offering for `placement` (the placement's own offering, else the
  /// placements' fallback, else the current one; the current one without a placement), in
  /// RevenueCat's order, each product once, priced by the price source where it can. The
  /// answer is cached like the customer info; when RevenueCat is unreachable or fails (5xx)
  /// the last answer is used, but a rejection (4xx, such as a bad key) is thrown, since
  /// retrying will not help.
  /// - Throws: `PaymentsError`: `.notConfigured`, `.notSignedIn`, `.invalidAPIKey`,
  ///   `.server`, `.network` (with no answer to fall back on), `.invalidResponse`.
  public func getOfferings(for placement: PaywallPlacement?) async throws -> [PaymentsOffering] {
    let body = try await offeringsResponse()
    guard let offering = body.offering(for: placement) else {
      logger.notice(
        "RevenueCat names no offering to show; the paywall is empty", category: .payments)
      return []
    }
    return await offerings(in: offering)
  }

  private func offeringsResponse() async throws -> RevenueCatOfferingsResponse {
    guard let config else { throw PaymentsError.notConfigured("RevenueCat") }
    guard let appUserID = config.appUserID else { throw PaymentsError.notSignedIn }
    guard config.hasUsableAPIKey else { throw PaymentsError.notConfigured("RevenueCat API key") }
    let previous = offeringsCache?.appUserID == appUserID ? offeringsCache : nil
    if let previous, !isStale(previous.fetchedAt) { return previous.body }
    do {
      return try await refreshOfferings(config: config, appUserID: appUserID)
    } catch {
      if let previous, error.allowsFallbackToCachedOfferings {
        logger.error("Refreshing offerings (showing the last list)", error, category: .payments)
        return previous.body
      }
      logger.error("Loading offerings", error, category: .payments)
      throw error
    }
  }

  private func refreshOfferings(
    config: PaymentsConfig, appUserID: String
  ) async throws(PaymentsError) -> RevenueCatOfferingsResponse {
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
  ) async throws -> RevenueCatOfferingsResponse {
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
    if config?.appUserID == appUserID {
      offeringsCache = (appUserID, body, clock.now())
    }
    return body
  }

  /// Every package of `offering`, each product once (at its first place), with the prices
  /// the price source knows.
  private func offerings(
    in offering: RevenueCatOfferingsResponse.Offering
  ) async -> [PaymentsOffering] {
    var seen: Set<ProductID> = []
    let packages = offering.packages.filter {
      seen.insert(ProductID($0.platformProductIdentifier)).inserted
    }
    let prices = await priceSource.prices(
      for: packages.map { ProductID($0.platformProductIdentifier) })
    return packages.map { package in
      let productID = ProductID(package.platformProductIdentifier)
      let packageID = PackageID(rawValue: package.identifier)
      if prices[productID] == nil {
        logger.info(
          "No price known for \(productID) (package \(packageID)); shown at purchase",
          category: .payments)
      }
      return PaymentsOffering(
        id: productID, packageID: packageID, title: packageID.englishName,
        price: prices[productID], period: packageID.period)
    }
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
