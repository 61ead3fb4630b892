/// Reading a bearer token from an `Authorization` header value (decision 17, H1).
public enum AuthorizationHeader {
  /// The token in `value`: after trimming spaces and tabs at both ends, `Bearer` in any
  /// case, one or more spaces, then a token with no whitespace.
  /// - Throws: `JWTRejection.noAuthorization` for no header or any other shape.
  public static func bearerToken(from value: String?) throws(JWTRejection) -> String {
    guard let value else { throw .noAuthorization }
    var bytes = Array(value.utf8)[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
    let scheme = Array("bearer".utf8)
    guard bytes.count > scheme.count + 1,
      zip(bytes.prefix(scheme.count), scheme).allSatisfy({ $0 | 0x20 == $1 }),
      bytes[bytes.startIndex + scheme.count] == 0x20
    else { throw .noAuthorization }
    let token = String(
      decoding: bytes.dropFirst(scheme.count).drop(while: { $0 == 0x20 }), as: UTF8.self)
    // ASCII is judged by value (its white space is 0x09-0x0D and 0x20), which spares the
    // Unicode property look-up for every character of every token.
    let isSpaceOrControl: (Unicode.Scalar) -> Bool = { scalar in
      if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
      return scalar.properties.isWhitespace
    }
    guard !token.isEmpty, !token.unicodeScalars.contains(where: isSpaceOrControl) else {
      throw .noAuthorization
    }
    return token
  }
}
