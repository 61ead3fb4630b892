import Core
import Foundation
import Networking

extension RevenueCatRESTClient {
  /// Fetches the current user's customer info, sharing a fetch already running for the same
  /// user, then caches and persists it.
  /// - Throws: `PaymentsError`.
  func refreshCustomerInfo() async throws(PaymentsError) -> CachedCustomerInfo {
    guard let config else { throw PaymentsError.notConfigured("RevenueCat") }
    guard let appUserID = config.appUserID else { throw PaymentsError.notSignedIn }
    guard config.hasUsableAPIKey else { throw PaymentsError.notConfigured("RevenueCat API key") }
    if let customerFetch, customerFetch.appUserID == appUserID {
      return try await Self.value(of: customerFetch.task)
    }
    let request = try RevenueCatAPI.customerInfoRequest(config: config, appUserID: appUserID)
    nextFetchID += 1
    let id = nextFetchID
    let task = Task {
      defer { if customerFetch?.id == id { customerFetch = nil } }
      return try await downloadCustomerInfo(request, appUserID: appUserID)
    }
    customerFetch = Fetch(id: id, appUserID: appUserID, task: task)
    return try await Self.value(of: task)
  }

  private func downloadCustomerInfo(
    _ request: HTTPRequest, appUserID: String
  ) async throws -> CachedCustomerInfo {
    let response: HTTPResponse
    do {
      response = try await httpClient.send(request)
    } catch {
      throw RevenueCatAPI.paymentsError(from: error)
    }
    let info: RevenueCatCustomerInfo
    do {
      info = try RevenueCatDateCoding.makeDecoder().decode(
        RevenueCatCustomerInfo.self, from: response.data)
    } catch {
      let detail = AppError.diagnose(error).detail
      throw PaymentsError.invalidResponse("customer info (HTTP \(response.statusCode)): \(detail)")
    }
    let record = CachedCustomerInfo(
      appUserID: appUserID, fetchedAt: clock.now(), customerInfo: info)
    cache.save(record)
    if config?.appUserID == appUserID {
      cached = record
    }
    logger.debug("Fetched customer info (HTTP \(response.statusCode))", category: .payments)
    return record
  }
}
