import Core
import Foundation

/// The last customer info fetched for one app user, as it is persisted.
package struct CachedCustomerInfo: Codable, Sendable, Equatable {
  /// The record format; a record with another version is discarded rather than misread.
  package static let currentSchemaVersion = 1

  /// The format this record was written in.
  package var schemaVersion: Int
  /// Whose customer info this is.
  package var appUserID: String
  /// The device clock when it was fetched, for staleness (entitlements use `requestDate`).
  package var fetchedAt: Date
  /// What RevenueCat answered.
  package var customerInfo: RevenueCatCustomerInfo

  package init(appUserID: String, fetchedAt: Date, customerInfo: RevenueCatCustomerInfo) {
    self.schemaVersion = Self.currentSchemaVersion
    self.appUserID = appUserID
    self.fetchedAt = fetchedAt
    self.customerInfo = customerInfo
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion = "schema_version"
    case appUserID = "app_user_id"
    case fetchedAt = "fetched_at"
    case customerInfo = "customer_info"
  }
}

/// Reads and writes `CachedCustomerInfo` records through a `CustomerInfoStore`.
///
/// Failures never escape: a record that cannot be read is logged and treated as absent (and
/// removed, so it is not re-read on every launch); a failed write is logged and the app
/// carries on with the value in memory.
package struct CustomerInfoCache: Sendable {
  private let store: any CustomerInfoStore
  private let logger: AppLogger

  package init(store: any CustomerInfoStore, logger: AppLogger) {
    self.store = store
    self.logger = logger
  }

  /// The record for `appUserID`, or `nil` when there is none or it cannot be used.
  package func load(for appUserID: String) -> CachedCustomerInfo? {
    let data: Data
    do {
      guard let stored = try store.customerInfoRecord(for: appUserID) else { return nil }
      data = stored
    } catch {
      logger.error("Reading the cached customer info", error, category: .payments)
      return nil
    }
    do {
      let record = try RevenueCatDateCoding.makeDecoder().decode(
        CachedCustomerInfo.self, from: data)
      guard record.schemaVersion == CachedCustomerInfo.currentSchemaVersion,
        record.appUserID == appUserID
      else {
        logger.notice(
          "Discarding a cached customer info of schema \(record.schemaVersion) "
            + "(or another user)", category: .payments)
        remove(for: appUserID)
        return nil
      }
      return record
    } catch {
      logger.error("Decoding the cached customer info", error, category: .payments)
      remove(for: appUserID)
      return nil
    }
  }

  /// Persists `record`; a failure is logged.
  package func save(_ record: CachedCustomerInfo) {
    do {
      let data = try RevenueCatDateCoding.makeEncoder().encode(record)
      try store.saveCustomerInfoRecord(data, for: record.appUserID)
    } catch {
      logger.error("Saving the customer info cache", error, category: .payments)
    }
  }

  /// Removes the record for `appUserID`; a failure is logged.
  package func remove(for appUserID: String) {
    do {
      try store.removeCustomerInfoRecord(for: appUserID)
    } catch {
      logger.error("Removing the customer info cache", error, category: .payments)
    }
  }
}
