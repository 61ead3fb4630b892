import JOSE
import Testing

/// P1 and C1-C7: the payload and its claims, with the 30-second leeway at each boundary.
@Suite struct JWTVerifierClaimTests {
  private let now = TokenFixture.now

  private func verdict(
    _ changes: [String: String?], now: Double = TokenFixture.now,
    issuer: String? = TokenFixture.issuer,
    audience: String = "authenticated"
  ) throws -> Result<Principal, JWTRejection> {
    let verifier = try TokenFixture().verifier(issuer: issuer, audience: audience, now: now)
    return verifier.verdict(try TokenFixture.hs256(payload: TokenFixture.payload(changes)))
  }

  private func rejection(
    _ changes: [String: String?], now: Double = TokenFixture.now
  ) throws
    -> JWTRejection?
  {
    if case .failure(let rejection) = try verdict(changes, now: now) { return rejection }
    return nil
  }

  @Test func p1ThePayloadMustBeOneJSONObjectWithoutRepeatedMembers() throws {
    let verifier = try TokenFixture().verifier()
    let valid = TokenFixture.payload()
    let repeated = String(valid.dropLast()) + #","role":"service_role"}"#
    #expect(verifier.rejection(try TokenFixture.hs256(payload: repeated)) == .duplicateMember)
    for payload in [valid + " {}", "[" + valid + "]", "\u{FEFF}" + valid, "\"claims\"", "null"] {
      #expect(verifier.rejection(try TokenFixture.hs256(payload: payload)) == .payloadNotJSONObject)
    }
  }

  @Test func c1ExpIsRequiredAndANumber() throws {
    #expect(try rejection(["exp": nil]) == .missingExpiry)
    #expect(try rejection(["exp": #""1800003600""#]) == .missingExpiry)
    #expect(try rejection(["exp": "true"]) == .missingExpiry)
    #expect(try rejection(["exp": "null"]) == .missingExpiry)
  }

  @Test func c1ATokenIsValidUntilThirtySecondsAfterExp() throws {
    let expiry = now + 3600
    #expect(try verdict([:], now: expiry + 29.999).isSuccess)
    #expect(try rejection([:], now: expiry + 30) == .expired)
    #expect(try rejection([:], now: expiry + 31) == .expired)
    // Fractions count.
    #expect(try verdict(["exp": "1800000000.5"], now: now + 30.25).isSuccess)
    #expect(try rejection(["exp": "1800000000.5"], now: now + 30.5) == .expired)
  }

  @Test func c2NbfRefusesOnlyWhenMoreThanThirtySecondsAhead() throws {
    #expect(try verdict(["nbf": "1800000030"]).isSuccess)
    #expect(try rejection(["nbf": "1800000030.5"]) == .notYetValid)
    #expect(try rejection(["nbf": #""1800000000""#]) == .notYetValid)
    #expect(try verdict(["nbf": "1799999000"]).isSuccess)
  }

  @Test func c3IatRefusesOnlyWhenMoreThanThirtySecondsAhead() throws {
    #expect(try verdict(["iat": "1800000030"]).isSuccess)
    #expect(try rejection(["iat": "1800000030.001"]) == .issuedInTheFuture)
    #expect(try rejection(["iat": "false"]) == .issuedInTheFuture)
    #expect(try verdict(["iat": nil]).isSuccess)
  }

  @Test func c4AudMustBeTheAudienceOrAnArrayHoldingIt() throws {
    #expect(try verdict(["aud": #"["other","authenticated"]"#]).isSuccess)
    for audience in [
      nil, #""anon""#, #""Authenticated""#, #"["other"]"#, "[]", #"[1,"authenticated"]"#,
      "null", #"{"aud":"authenticated"}"#,
    ] {
      #expect(try rejection(["aud": audience]) == .wrongAudience)
    }
  }

  @Test func c4TheAudienceIsConfigurable() throws {
    #expect(try verdict(["aud": #""kiln-app""#], audience: "kiln-app").isSuccess)
    let refused = try verdict([:], audience: "kiln-app")
    #expect(refused == .failure(.wrongAudience))
  }

  @Test func c5IssMustEqualTheConfiguredIssuerExactly() throws {
    for issuer in [nil, #""https://kiln.test/auth/v1/""#, #""https://KILN.test/auth/v1""#, "1"] {
      #expect(try rejection(["iss": issuer]) == .wrongIssuer)
    }
    // With no issuer configured, iss is not judged.
    #expect(try verdict(["iss": nil], issuer: nil).isSuccess)
    #expect(try verdict(["iss": #""anyone""#], issuer: nil).isSuccess)
  }

  @Test func c6SubMustBeANonEmptyString() throws {
    for subject in [nil, #""""#, "42", "null", #"["user-1"]"#] {
      #expect(try rejection(["sub": subject]) == .missingSubject)
    }
  }

  @Test func c7OnlyAuthenticatedAndServiceRoleAreAllowed() throws {
    for role in [
      nil, #""anon""#, #""Authenticated""#, #""supabase_admin""#, #""service_role ""#, "1",
    ] {
      #expect(try rejection(["role": role]) == .roleNotAllowed)
    }
  }

  @Test func c7ServiceRoleIsTheServerNeverAUser() throws {
    let result = try verdict(["role": #""service_role""#, "sub": #""kiln-server""#])
    #expect(result == .success(.serviceRole(subject: "kiln-server")))
  }

  @Test func aUsersClaimsAreKeptForTheCaller() throws {
    let principal = try verdict(["session_id": #""s-1""#]).get()
    guard case .user(let subject, let claims) = principal else {
      Issue.record("expected a user, got \(principal)")
      return
    }
    #expect(subject == "user-1")
    #expect(claims.email == "someone@example.com")
    #expect(claims.sessionID == "s-1")
    #expect(claims.expiresAt == 1_800_003_600)
  }
}
