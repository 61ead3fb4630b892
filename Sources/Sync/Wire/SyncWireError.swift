/// Why the wire codec refused a value: a reply from the server that breaks docs/SYNC.md §1,
/// or an outbox item that cannot be sent. Paths name the place (`changes[3].row.title`);
/// payloads never hold row content, only names, numbers and limits.
public enum SyncWireError: Error, Sendable, Equatable, Hashable, Codable {
  /// The reply is larger than `limit` bytes; nothing of it was read further.
  case tooLarge(limit: Int)
  /// The reply holds more JSON values than `limit`; it was not decoded, since decoding
  /// costs memory many times each value's few bytes.
  case tooManyValues(limit: Int)
  /// The reply is not JSON at all.
  case notJSON
  /// A key every row or answer must have is absent.
  case missingKey(String)
  /// A value has the wrong JSON type; `expected` says which one was wanted.
  case wrongType(String, expected: String)
  /// A value has the right type but breaks the contract (a bad time, UUID or clock, an
  /// unknown status, a string over its bound).
  case invalidValue(String, reason: String)
  /// A change names a table sync does not know.
  case unknownTable(String)
  /// A push answer with a different number of results than changes sent.
  case resultCountMismatch(sent: Int, received: Int)
  /// A push result whose id is not the id of the change at its position.
  case resultMismatch(index: Int)
  /// A pull answer whose `next` is below the cursor it was asked from, or that claims more
  /// rows without moving forward.
  case cursorWentBackwards(since: Int64, next: Int64)
  /// A pulled row whose `change_seq` lies outside `(since, next]` of its page.
  case changeOutOfPage(String, changeSequence: Int64)
  /// An outbox item that cannot become a change (the journal handed over something the
  /// contract forbids: an upsert without its row, a message still being written).
  case invalidOutboxItem(String)
}

extension SyncWireError: CustomStringConvertible {
  /// A sentence for logs.
  public var description: String {
    switch self {
    case .tooLarge(let limit): "reply larger than \(limit) bytes"
    case .tooManyValues(let limit): "reply holds more than \(limit) JSON values"
    case .notJSON: "reply is not JSON"
    case .missingKey(let path): "missing key \(path)"
    case .wrongType(let path, let expected): "\(path) is not \(expected)"
    case .invalidValue(let path, let reason): "\(path): \(reason)"
    case .unknownTable(let path): "\(path) names an unknown table"
    case .resultCountMismatch(let sent, let received):
      "\(received) result(s) for \(sent) change(s)"
    case .resultMismatch(let index): "results[\(index)] answers another row"
    case .cursorWentBackwards(let since, let next): "next \(next) does not move past \(since)"
    case .changeOutOfPage(let path, let sequence):
      "\(path) has change_seq \(sequence) outside the page"
    case .invalidOutboxItem(let reason): "outbox item refused: \(reason)"
    }
  }
}
