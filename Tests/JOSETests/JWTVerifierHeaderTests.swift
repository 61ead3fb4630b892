import JOSE
import Testing

/// T1-T7: the token's shape and header (P1, the payload, is JWTVerifierClaimTests).
@Suite struct JWTVerifierHeaderTests {
  @Test func aTokenThatKeepsEveryRulePassesInEachAlgorithm() throws {
    let fixture = try TokenFixture(withRSA: true)
    let verifier = try fixture.verifier()
    let expected = try #require(TokenFixture.validUser)
    #expect(try verifier.verify(try TokenFixture.hs256()) == expected)
    #expect(try verifier.verify(try fixture.es256()) == expected)
    #expect(try verifier.verify(try fixture.rs256()) == expected)
  }

  @Test func t1ATokenOfFourAndAHalfKilobytesPasses() throws {
    let fixture = try TokenFixture()
    let padding = String(repeating: "p", count: 3300)
    let token = try fixture.es256(payload: TokenFixture.payload(["pad": "\"\(padding)\""]))
    #expect(token.utf8.count > 4500 && token.utf8.count < 4800)
    #expect(try fixture.verifier().verdict(token).isSuccess)
  }

  @Test func t1TheLimitIsInclusiveAndOneByteMoreIsRefused() throws {
    let fixture = try TokenFixture()
    let padding = String(repeating: "p", count: 7000)
    let token = try fixture.es256(payload: TokenFixture.payload(["pad": "\"\(padding)\""]))
    let length = token.utf8.count
    #expect(try fixture.verifier(maximumTokenBytes: length).verdict(token).isSuccess)
    #expect(try fixture.verifier(maximumTokenBytes: length - 1).rejection(token) == .tooLong)
  }

  @Test func t1AnOverlongTokenIsRefusedBeforeAnyDecoding() throws {
    let verifier = try TokenFixture().verifier()
    // Not even base64url: a verifier that decoded first would say notCompactJWS.
    let garbage = String(repeating: "!", count: JWTVerifier.defaultMaximumTokenBytes + 1)
    #expect(verifier.rejection(garbage) == .tooLong)
    #expect(verifier.rejection(String(garbage.dropFirst())) == .notCompactJWS)
  }

  @Test(arguments: [8191, 65537, 0])
  func t1TheLimitMustBeBetween8And64KiB(limit: Int) throws {
    #expect(throws: JWTConfigurationError.tokenLimitOutOfRange) {
      try TokenFixture().verifier(maximumTokenBytes: limit)
    }
  }

  @Test func t2OnlyThreeNonEmptyBase64URLSegmentsAreCompactJWS() throws {
    let token = try TokenFixture.hs256()
    let parts = token.split(separator: ".").map(String.init)
    let verifier = try TokenFixture().verifier()
    try #require(verifier.verdict(token).isSuccess)
    let malformed = [
      parts[0] + "." + parts[1], token + "." + parts[2], token + ".",
      parts[0] + "." + parts[1] + "." + parts[2] + ".AAAA.BBBB",  // JWE's five segments
      parts[0] + ".." + parts[2], "." + parts[1] + "." + parts[2], parts[0] + "." + parts[1] + ".",
      token + "=", parts[0] + "=." + parts[1] + "." + parts[2],
      parts[0] + "." + parts[1] + ".+" + parts[2].dropFirst(),
      parts[0] + "." + parts[1] + "./" + parts[2].dropFirst(),
      parts[0] + "." + parts[1] + " ." + parts[2], " " + token, token + "\n",
      parts[0] + "." + parts[1] + "." + parts[2] + "AA",  // 45 characters: one is left over
    ]
    for text in malformed where text != token {
      #expect(verifier.rejection(text) == .notCompactJWS, "\(text.prefix(12))")
    }
  }

  @Test func t3TheHeaderMustBeOneUTF8JSONObject() throws {
    let verifier = try TokenFixture().verifier()
    let valid = #"{"alg":"HS256","typ":"JWT"}"#
    let headers: [[UInt8]] = [
      Array("not json".utf8), Array("[\"HS256\"]".utf8), Array((valid + " x").utf8),
      Array((valid + valid).utf8), [0xEF, 0xBB, 0xBF] + Array(valid.utf8),
      Array(valid.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
      Array(valid.dropLast().utf8) + Array(",\"x\":\"\u{1}\"}".utf8),
    ]
    for header in headers {
      let input = TokenFixture.signingInput(
        header: header, payload: Array(TokenFixture.payload().utf8))
      let token =
        input + "."
        + Base64URL.encode(
          try Digest.hmacSHA256(key: Array(TokenFixture.secret.utf8), message: Array(input.utf8)))
      #expect(verifier.rejection(token) == .headerNotJSONObject)
    }
  }

  @Test func t3AHeaderThatRepeatsAMemberIsRefused() throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(header: #"{"alg":"HS256","typ":"JWT","alg":"none"}"#)
    #expect(verifier.rejection(token) == .duplicateMember)
    let escaped = try TokenFixture.hs256(header: #"{"alg":"HS256","\u0061lg":"HS256"}"#)
    #expect(verifier.rejection(escaped) == .duplicateMember)
  }

  @Test(arguments: [
    #""none""#, #""None""#, #""NONE""#, #""nOnE""#, #""hs256""#, #""Hs256""#, #""HS384""#,
    #""HS512""#, #""ES384""#, #""RS512""#, #""PS256""#, #""EdDSA""#, #""HS256 ""#, #"" HS256""#,
    #""""#, "null", "1", #"["HS256"]"#,
  ])
  func t4OnlyHS256ES256AndRS256ExactlyAreAllowed(algorithm: String) throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(header: #"{"alg":\#(algorithm),"typ":"JWT"}"#)
    #expect(verifier.rejection(token) == .algorithmNotAllowed)
  }

  @Test func t4NoneWithAnEmptySignatureAndAMissingAlgAreRefused() throws {
    let verifier = try TokenFixture().verifier()
    let unsigned = TokenFixture.signingInput(
      header: Array(#"{"alg":"none","typ":"JWT"}"#.utf8),
      payload: Array(TokenFixture.payload().utf8))
    #expect(verifier.rejection(unsigned + ".") == .notCompactJWS)
    #expect(
      verifier.rejection(try TokenFixture.hs256(header: #"{"typ":"JWT"}"#)) == .algorithmNotAllowed)
  }

  @Test(arguments: [#"["exp"]"#, "[]", #""b64""#])
  func t5ACritHeaderIsRefused(critical: String) throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(header: #"{"alg":"HS256","crit":\#(critical),"exp":1}"#)
    #expect(verifier.rejection(token) == .critHeader)
  }

  @Test(arguments: [#""JWT""#, #""jwt""#, #""jWt""#])
  func t6TypJWTInAnyCasePasses(type: String) throws {
    let verifier = try TokenFixture().verifier()
    #expect(
      verifier.verdict(try TokenFixture.hs256(header: #"{"alg":"HS256","typ":\#(type)}"#)).isSuccess
    )
    #expect(verifier.verdict(try TokenFixture.hs256(header: #"{"alg":"HS256"}"#)).isSuccess)
  }

  @Test(arguments: [
    #""at+jwt""#, #""JWS""#, #""""#, #""JWT ""#, "null", "1", #"["JWT"]"#, #""ＪＷＴ""#,
  ])
  func t6AnyOtherTypIsRefused(type: String) throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(header: #"{"alg":"HS256","typ":\#(type)}"#)
    #expect(verifier.rejection(token) == .badType)
  }

  @Test(arguments: [#""JWT""#, #""json""#])
  func t7ACtyHeaderIsRefused(contentType: String) throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(
      header: #"{"alg":"HS256","typ":"JWT","cty":\#(contentType)}"#)
    #expect(verifier.rejection(token) == .nestedJWT)
  }
}

extension Result {
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
