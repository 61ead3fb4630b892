import Foundation
import Storage

/// `{"changes":[{"table","row"}],"next","has_more"}`, read strictly.
struct SyncPullReplyBody: Decodable {
  let rows: [SyncServerRow]
  let next: Int64
  let hasMore: Bool

  init(from decoder: any Decoder) throws {
    let object = try SyncWireObject(decoder)
    rows = try object.value([SyncPulledChange].self, "changes", expected: "an array").map(\.row)
    next = try object.integer("next")
    hasMore = try object.bool("has_more")
  }
}

/// One element of a pull's `changes`: `{"table","row"}`.
struct SyncPulledChange: Decodable {
  let row: SyncServerRow

  init(from decoder: any Decoder) throws {
    let object = try SyncWireObject(decoder)
    let table = try Self.table(object)
    row = try SyncServerRow.wire(SyncWireObject(object.nestedDecoder("row")), table: table)
  }

  static func table(_ object: SyncWireObject) throws(SyncWireError) -> SyncTable {
    let name = try object.value(String.self, "table", expected: "a table name")
    guard let table = SyncTable(rawValue: name) else {
      throw .unknownTable(object.path("table"))
    }
    return table
  }
}

/// `{"results":[{"id","status","row"}]}`; each row is read as a row of the table of the
/// change sent at its position, which the decoder's `userInfo` carries.
struct SyncPushReplyBody: Decodable {
  /// The `userInfo` key of the tables of the changes sent, in order.
  static let sentTablesKey = CodingUserInfoKey(rawValue: "kiln.sync.sentTables")

  let results: [SyncPushResult]

  init(from decoder: any Decoder) throws {
    let object = try SyncWireObject(decoder)
    guard let key = Self.sentTablesKey, let tables = decoder.userInfo[key] as? [SyncTable] else {
      throw SyncWireError.invalidValue("results", reason: "no changes to match them with")
    }
    let resultsDecoder = try object.nestedDecoder("results")
    var elements: any UnkeyedDecodingContainer
    do {
      elements = try resultsDecoder.unkeyedContainer()
    } catch {
      throw SyncWireError.wrongType(object.path("results"), expected: "an array")
    }
    let count = elements.count ?? 0
    guard count == tables.count else {
      throw SyncWireError.resultCountMismatch(sent: tables.count, received: count)
    }
    var results: [SyncPushResult] = []
    results.reserveCapacity(count)
    for table in tables {
      let result = try SyncWireObject(elements.superDecoder())
      let id = try result.uuid("id")
      let statusText = try result.value(String.self, "status", expected: "a status string")
      guard let status = SyncPushStatus(rawValue: statusText) else {
        throw SyncWireError.invalidValue(
          result.path("status"), reason: "not applied, merged or stale")
      }
      var row: SyncServerRow?
      if try !result.isNull("row") {
        row = try SyncServerRow.wire(SyncWireObject(result.nestedDecoder("row")), table: table)
      }
      results.append(SyncPushResult(id: id, status: status, row: row))
    }
    self.results = results
  }
}
