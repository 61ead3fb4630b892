import Foundation
import Storage

/// The wire format of docs/SYNC.md §1-§3: request bodies for `sync_push` and `sync_pull`,
/// and their answers read strictly into `SyncServerRow`s. A reply that breaks the contract
/// in any way is refused whole, so nothing of it is ever applied.
public struct SyncCodec: Sendable {
  /// The largest reply read, in bytes.
  public var maximumReplyBytes: Int
  /// The most JSON values a reply may hold: a page of 500 rows holds about 10,000, while a
  /// reply of 64 MiB of tiny values would hold tens of millions, each costing the decoder
  /// far more memory than its bytes.
  public var maximumReplyValues: Int

  /// A codec refusing replies over `maximumReplyBytes` (64 MiB by default: a page of 500
  /// rows of ordinary messages is far below it) or `maximumReplyValues` (200,000).
  public init(maximumReplyBytes: Int = 64 << 20, maximumReplyValues: Int = 200_000) {
    self.maximumReplyBytes = maximumReplyBytes
    self.maximumReplyValues = maximumReplyValues
  }

  /// The body of `sync_push` for `items`: `{"changes":[…]}`.
  /// - Throws: `SyncWireError.invalidOutboxItem` for an item the contract cannot carry.
  public func pushBody(_ items: [SyncOutboxItem], account: UUID) throws(SyncWireError) -> Data {
    var changes: [SyncJSONWriter.Value] = []
    changes.reserveCapacity(items.count)
    for item in items { changes.append(try item.wireChange(account: account)) }
    return SyncJSONWriter.data(.object([("changes", .array(changes))]))
  }

  /// The body of `sync_pull`: `{"since":…,"max_rows":…}`.
  public func pullBody(since: Int64, maxRows: Int) -> Data {
    SyncJSONWriter.data(
      .object([("since", .integer(since)), ("max_rows", .integer(Int64(maxRows)))]))
  }

  /// The answer to pushing `items`: one result per item, in order, each for its item's id.
  /// - Throws: `SyncWireError` when the reply is too large, not JSON, or breaks §1 or §3.
  public func decodePushReply(
    _ data: Data, sent items: [SyncOutboxItem]
  ) throws(SyncWireError) -> [SyncPushResult] {
    let decoder = JSONDecoder()
    if let key = SyncPushReplyBody.sentTablesKey { decoder.userInfo[key] = items.map(\.table) }
    let results = try decode(SyncPushReplyBody.self, data, decoder: decoder).results
    for (index, (result, item)) in zip(results, items).enumerated() {
      guard result.id == item.id, result.row.map({ $0.id == item.id }) ?? true else {
        throw .resultMismatch(index: index)
      }
    }
    return results
  }

  /// A page pulled from cursor `since`.
  /// - Throws: `SyncWireError` when the reply is too large, not JSON, breaks §1, or its
  ///   `next` and rows do not move forward from `since` in order.
  public func decodePullReply(_ data: Data, since: Int64) throws(SyncWireError) -> SyncPullPage {
    let body = try decode(SyncPullReplyBody.self, data, decoder: JSONDecoder())
    guard body.next >= since, !body.hasMore || body.next > since else {
      throw .cursorWentBackwards(since: since, next: body.next)
    }
    var previous = since
    for (index, row) in body.rows.enumerated() {
      guard row.changeSequence > previous, row.changeSequence <= body.next else {
        throw .changeOutOfPage("changes[\(index)].row", changeSequence: row.changeSequence)
      }
      previous = row.changeSequence
    }
    return SyncPullPage(rows: body.rows, next: body.next, hasMore: body.hasMore)
  }

  private func decode<Body: Decodable>(
    _ type: Body.Type, _ data: Data, decoder: JSONDecoder
  ) throws(SyncWireError) -> Body {
    guard data.count <= maximumReplyBytes else { throw .tooLarge(limit: maximumReplyBytes) }
    if Self.holdsMoreValues(than: maximumReplyValues, data) {
      throw .tooManyValues(limit: maximumReplyValues)
    }
    do {
      return try decoder.decode(type, from: data)
    } catch let error as SyncWireError {
      throw error
    } catch {
      throw .notJSON
    }
  }

  /// Whether `data` holds more than `limit` values, counted without decoding: one, and one
  /// more for every comma and every opening bracket or brace outside strings, which is the
  /// number of values a JSON text holds. Stops as soon as the answer is known.
  static func holdsMoreValues(than limit: Int, _ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      var count = 1
      var inString = false
      var escaped = false
      for byte in bytes {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"):
          count += 1
          if count > limit { return true }
        default: break
        }
      }
      return false
    }
  }
}
