import JOSE
import Testing

/// H1: the `Authorization` header is read before any JWT work.
@Suite struct AuthorizationHeaderTests {
  @Test(arguments: [
    ("Bearer abc.def.ghi", "abc.def.ghi"), ("bearer abc.def.ghi", "abc.def.ghi"),
    ("BEARER abc.def.ghi", "abc.def.ghi"), ("BeArEr    abc.def.ghi", "abc.def.ghi"),
    (" \t Bearer abc.def.ghi \t ", "abc.def.ghi"),
  ])
  func readsTheTokenAfterBearerInAnyCase(value: String, token: String) throws {
    #expect(try AuthorizationHeader.bearerToken(from: value) == token)
  }

  @Test(arguments: [
    "", "   ", "Bearer", "Bearer ", "Bearer\tabc.def.ghi", "Bearerabc.def.ghi", "Basic abc",
    "Token abc.def.ghi", "Bearer abc def", "Bearer abc.def.ghi\n", "Bearer abc\u{A0}def",
    "Bearer abc.def\r.ghi", "Bearer\u{A0}abc", "Bearer: abc", "Bearer , abc", "Bearer abc,def ghi",
    "x Bearer abc",
  ])
  func refusesEveryOtherShape(value: String) {
    #expect(throws: JWTRejection.noAuthorization) {
      try AuthorizationHeader.bearerToken(from: value)
    }
  }

  @Test func refusesAMissingHeader() {
    #expect(throws: JWTRejection.noAuthorization) { try AuthorizationHeader.bearerToken(from: nil) }
  }

  @Test func theVerifierRefusesABadHeaderBeforeJudgingAnyToken() throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256()
    #expect(try verifier.verify(authorization: "Bearer " + token) == TokenFixture.validUser)
    #expect(throws: JWTRejection.noAuthorization) { try verifier.verify(authorization: token) }
    #expect(throws: JWTRejection.noAuthorization) { try verifier.verify(authorization: nil) }
    // A well-formed header with a bad token is a token rule, not H1.
    #expect(throws: JWTRejection.notCompactJWS) { try verifier.verify(authorization: "Bearer x") }
  }
}
