extension HTTPRequestParser {
  /// `method SP request-target SP HTTP-version`, single spaces only (RFC 9112 §3).
  mutating func parseRequestLine(_ content: [UInt8]) {
    guard let first = firstSpace, let second = secondSpace else {
      return fail(.malformedRequestLine)
    }
    let targetBytes = content[(first + 1)..<second]
    guard targetBytes.allSatisfy(HTTPSyntax.isTargetCharacter) else {
      return fail(.invalidTarget)
    }
    guard let parsedVersion = Self.version(content[(second + 1)...]) else {
      return fail(.malformedVersion)
    }
    guard parsedVersion.major == 1 else { return fail(.unsupportedVersion) }
    method = HTTPRequestMethod(rawValue: String(decoding: content[..<first], as: UTF8.self))
    target = String(decoding: targetBytes, as: UTF8.self)
    version = parsedVersion
    guard Self.isTargetForm(target, for: method) else { return fail(.invalidTarget) }
    state = .fields
  }

  /// `HTTP/` DIGIT `.` DIGIT, case-sensitive (RFC 9112 §2.3).
  static func version(_ bytes: ArraySlice<UInt8>) -> HTTPVersion? {
    let start = bytes.startIndex
    guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[start + 6] == 0x2E,
      let major = HTTPSyntax.decimalValue(bytes[start + 5]),
      let minor = HTTPSyntax.decimalValue(bytes[start + 7])
    else { return nil }
    return HTTPVersion(major: major, minor: minor)
  }

  /// Origin-form for any method, asterisk-form only for OPTIONS, authority-form only (and
  /// always) for CONNECT, absolute-form (`scheme:` then more) for the rest (RFC 9112 §3.2).
  static func isTargetForm(_ target: String, for method: HTTPRequestMethod) -> Bool {
    if method == .connect {
      guard let colon = target.lastIndex(of: ":"), colon != target.startIndex else { return false }
      let port = target[target.index(after: colon)...]
      return !port.isEmpty && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber)
        && !target.contains("/") && !target.contains("?") && !target.contains("@")
    }
    // Origin-form, by far the most common, by its first byte.
    if target.utf8.first == HTTPSyntax.slash { return true }
    if target == "*" { return method == .options }
    guard let colon = target.firstIndex(of: ":"), colon != target.startIndex,
      target.index(after: colon) != target.endIndex
    else { return false }
    let scheme = target[..<colon].utf8
    guard let letter = scheme.first, (0x61...0x7A).contains(letter | 0x20) else { return false }
    return scheme.allSatisfy {
      HTTPSyntax.decimalValue($0) != nil || (0x61...0x7A).contains($0 | 0x20) || $0 == 0x2B
        || $0 == 0x2D || $0 == 0x2E
    }
  }

  /// `field-name ":" OWS field-value OWS` (RFC 9112 §5), never folded; `nil` after failing.
  mutating func parseField(_ content: [UInt8]) -> HTTPField? {
    switch Self.field(content) {
    case .success(let field): return field
    case .failure(let error):
      fail(error)
      return nil
    }
  }

  static func field(_ content: [UInt8]) -> Result<HTTPField, HTTPRequestParseError> {
    guard let firstByte = content.first, !HTTPSyntax.isWhitespace(firstByte) else {
      return .failure(.obsoleteLineFolding)
    }
    guard let colon = content.firstIndex(of: HTTPSyntax.colon), colon > 0 else {
      return .failure(.invalidFieldName)
    }
    guard !HTTPSyntax.isWhitespace(content[colon - 1]) else {
      return .failure(.whitespaceBeforeColon)
    }
    let name = content[..<colon]
    guard HTTPSyntax.isToken(name) else { return .failure(.invalidFieldName) }
    var valueStart = colon + 1
    var valueEnd = content.count
    while valueStart < valueEnd, HTTPSyntax.isWhitespace(content[valueStart]) { valueStart += 1 }
    while valueEnd > valueStart, HTTPSyntax.isWhitespace(content[valueEnd - 1]) { valueEnd -= 1 }
    let value = content[valueStart..<valueEnd]
    guard value.allSatisfy(HTTPSyntax.isFieldValueCharacter) else {
      return .failure(.invalidFieldValue)
    }
    return .success(HTTPField(name: String(decoding: name, as: UTF8.self), rawValue: Array(value)))
  }

  /// Judges the complete head: `Host`, exactly one framing, persistence, expectations.
  mutating func finishHead() {
    let fieldList = HTTPFields(fields)
    // One pass finds the fields that matter here. The framing, `Connection` and `Expect`
    // checks each read every line again, so they run only when such a field is there: a
    // plain GET then costs one comparison per line, not five.
    var host: HTTPField?
    var framingFields = false
    var connectionFields = false
    var expectFields = false
    for field in fields {
      switch field.name.utf8.count {
      case 4 where field.name.equalsIgnoringASCIICase("Host"):
        guard host == nil else { return fail(.multipleHosts) }
        host = field
      case 6 where field.name.equalsIgnoringASCIICase("Expect"):
        expectFields = true
      case 10 where field.name.equalsIgnoringASCIICase("Connection"):
        connectionFields = true
      case 14 where field.name.equalsIgnoringASCIICase("Content-Length"),
        17 where field.name.equalsIgnoringASCIICase("Transfer-Encoding"):
        framingFields = true
      default:
        break
      }
    }
    if version.isAtLeastHTTP11, host == nil { return fail(.missingHost) }
    if let host, !host.rawValue.allSatisfy(HTTPSyntax.isHostCharacter) {
      return fail(.invalidHost)
    }
    currentBodyLimit = limits.maxBodyBytes
    let framing: HTTPBodyFraming
    if framingFields {
      // Without either framing field there is no body to limit: the route is found only
      // for a head that may have one.
      if let bodyLimit {
        let path = HTTPRequestHead(
          method: method, target: target, version: version, fields: HTTPFields()
        )
        .path
        currentBodyLimit = max(0, bodyLimit(method, path) ?? limits.maxBodyBytes)
      }
      switch HTTPMessageFraming.framing(
        of: fieldList, version: version, maxBodyBytes: currentBodyLimit)
      {
      case .success(let found): framing = found
      case .failure(let error): return fail(error)
      }
    } else {
      framing = .none
    }
    var keepAlive = version.isAtLeastHTTP11
    if connectionFields {
      let connection = fieldList.listElements(named: "Connection")
      let saysClose = connection.contains { $0.equalsIgnoringASCIICase("close") }
      let saysKeepAlive = connection.contains { $0.equalsIgnoringASCIICase("keep-alive") }
      keepAlive = !saysClose && (version.isAtLeastHTTP11 || saysKeepAlive)
    }
    var expectsContinue = false
    // RFC 9110 §10.1.1: an HTTP/1.0 client's 100-continue is ignored.
    if expectFields, version.isAtLeastHTTP11 {
      let expectations = fieldList.listElements(named: "Expect")
      if !expectations.isEmpty {
        guard expectations.allSatisfy({ $0.equalsIgnoringASCIICase("100-continue") }) else {
          return fail(.unsupportedExpectation)
        }
        expectsContinue = true
      }
    }
    let finished = HTTPRequestHead(
      method: method, target: target, version: version, fields: fieldList, framing: framing,
      keepAlive: keepAlive, expectsContinue: expectsContinue)
    head = finished
    events.append(.head(finished))
    switch framing {
    case .none, .contentLength(0):
      finishMessage()
    case .contentLength(let length):
      body.reserveCapacity(length)
      state = .body(remaining: length)
    case .chunked:
      sectionBytes = 0
      state = .chunkSize
    }
  }
}
