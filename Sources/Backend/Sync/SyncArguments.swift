import JOSE

/// The functions `SyncRoutes` serves under `/rest/v1/rpc/` (docs/SYNC.md §3).
enum SyncFunction: String, Sendable, CaseIterable {
  /// `sync_pull(since bigint, max_rows int)`, `STABLE`.
  case pull = "sync_pull"
  /// `sync_push(changes jsonb)`, `VOLATILE`.
  case push = "sync_push"

  /// The parameters, in the function's order.
  var parameters: [SyncArgumentName] {
    switch self {
    case .pull: [.since, .maxRows]
    case .push: [.changes]
    }
  }

  /// Whether the function only reads, so GET may call it (PostgREST runs GET read-only).
  var isReadOnly: Bool { self == .pull }

  /// `(since bigint, max_rows integer)`, for refusals.
  var signature: String {
    "(" + parameters.map { "\($0.rawValue) \($0.typeName)" }.joined(separator: ", ") + ")"
  }
}

/// The functions' parameter names.
enum SyncArgumentName: String, Sendable {
  case since
  case maxRows = "max_rows"
  case changes

  /// The PostgreSQL type, for refusals.
  var typeName: String {
    switch self {
    case .since: "bigint"
    case .maxRows: "integer"
    case .changes: "jsonb"
    }
  }
}

/// One argument as the request carries it.
enum SyncArgumentValue: Sendable, Equatable {
  /// A member of a POST body: its JSON text as sent.
  case json(ArraySlice<UInt8>)
  /// A query parameter of a GET, decoded.
  case text(String)
}

/// Reads a request's arguments into a `SyncCall` the way PostgREST hands them to PostgreSQL:
/// the argument names must be exactly the function's (else 404 `PGRST202`); `since` and
/// `max_rows` are whole numbers of their types, written as JSON numbers or as text (22P02
/// when they are not, 22003 outside the type's range); `changes` is passed on as the JSON
/// text it was sent as, for the store to judge.
enum SyncArguments {
  /// How deeply a body may nest: one level above the 64 `SQLiteSyncStore` allows `changes`.
  static let maximumDepth = 65

  /// The call a POST body makes: one JSON object, or an empty body for no arguments.
  /// - Throws: `SyncCallError` as PostgREST would refuse the body or its arguments.
  static func call(
    _ function: SyncFunction, body: [UInt8]
  ) throws(SyncCallError) -> SyncCall {
    try call(function, try members(ofBody: body))
  }

  /// The call a GET makes with its query parameters.
  /// - Throws: `SyncCallError` as PostgREST would refuse the query or its arguments.
  static func call(
    _ function: SyncFunction, query: [(name: String, value: String)]
  ) throws(SyncCallError) -> SyncCall {
    var arguments: [String: SyncArgumentValue] = [:]
    for item in query {
      guard arguments[item.name] == nil else { throw .repeatedQueryArgument }
      arguments[item.name] = .text(item.value)
    }
    return try call(function, arguments)
  }

  private static func call(
    _ function: SyncFunction, _ arguments: [String: SyncArgumentValue]
  ) throws(SyncCallError) -> SyncCall {
    let expected = function.parameters.map(\.rawValue)
    guard arguments.count == expected.count, expected.allSatisfy({ arguments[$0] != nil }) else {
      throw .wrongArguments(function)
    }
    func value(_ name: SyncArgumentName) -> SyncArgumentValue {
      arguments[name.rawValue] ?? .text("")
    }
    switch function {
    case .pull:
      guard let since = try integer(value(.since), .since, in: Int64.min...Int64.max) else {
        throw .missingBound(.since)
      }
      let int4 = Int64(Int32.min)...Int64(Int32.max)
      guard let maxRows = try integer(value(.maxRows), .maxRows, in: int4) else {
        throw .missingBound(.maxRows)
      }
      return .pull(since: since, maxRows: Int(maxRows))
    case .push:
      switch value(.changes) {
      case .json(let bytes): return .push(changes: String(decoding: bytes, as: UTF8.self))
      case .text(let text): return .push(changes: text)
      }
    }
  }

  /// The top-level members of a body that must be one JSON object, each with its JSON text.
  static func members(ofBody body: [UInt8]) throws(SyncCallError) -> [String: SyncArgumentValue] {
    guard body.contains(where: { !JSONMemberSpans.isWhitespace($0) }) else { return [:] }
    let parser = StrictJSONParser(maximumDepth: maximumDepth)
    do {
      _ = try parser.parseObject(body)
    } catch StrictJSONError.tooManyValues {
      throw .tooManyValues
    } catch {
      throw .bodyNotAnObject
    }
    var members: [String: SyncArgumentValue] = [:]
    for span in JSONMemberSpans.members(of: body) {
      // The text was read whole above, so every name is a well-formed string.
      guard case .string(let name)? = try? parser.parse(body[span.name]) else {
        throw .bodyNotAnObject
      }
      members[name] = .json(body[span.value])
    }
    return members
  }

  /// A `bigint` or `integer` argument: `nil` for JSON `null`, else a whole number in `range`.
  /// Text is read as PostgreSQL reads integer input: an optional sign and decimal digits,
  /// with white space around them.
  static func integer(
    _ value: SyncArgumentValue, _ name: SyncArgumentName, in range: ClosedRange<Int64>
  ) throws(SyncCallError) -> Int64? {
    let text: Substring.UTF8View
    switch value {
    case .text(let string):
      text = string[...].utf8
    case .json(let bytes):
      switch bytes.first ?? 0 {
      case UInt8(ascii: "n"):
        return nil
      case UInt8(ascii: "\""):
        guard case .string(let string)? = try? StrictJSONParser().parse(bytes) else {
          throw .invalidInteger(name)
        }
        text = string[...].utf8
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        text = String(decoding: bytes, as: UTF8.self)[...].utf8
      default:
        throw .invalidInteger(name)
      }
    }
    return try wholeNumber(text, name, in: range)
  }

  private static func wholeNumber(
    _ text: Substring.UTF8View, _ name: SyncArgumentName, in range: ClosedRange<Int64>
  ) throws(SyncCallError) -> Int64 {
    var digits = text.drop(while: JSONMemberSpans.isWhitespace)
    while let last = digits.last, JSONMemberSpans.isWhitespace(last) { digits = digits.dropLast() }
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw .invalidInteger(name)
    }
    var number: Int64 = 0
    for digit in digits {
      let (shifted, overflowByShift) = number.multipliedReportingOverflow(by: 10)
      let next = Int64(digit - 0x30)
      let (sum, overflowBySum) =
        negative
        ? shifted.subtractingReportingOverflow(next) : shifted.addingReportingOverflow(next)
      guard !overflowByShift, !overflowBySum else { throw .outOfRange(name) }
      number = sum
    }
    guard range.contains(number) else { throw .outOfRange(name) }
    return number
  }
}
