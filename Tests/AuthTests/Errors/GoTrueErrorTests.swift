import Auth
import Core
import Foundation
import Testing

@Suite struct GoTrueErrorTests {
  private func decode(
    _ status: Int, _ json: String, headerCode: String? = nil, retryAfter: TimeInterval? = nil
  ) -> GoTrueError {
    GoTrueError.decode(
      status: status, body: Data(json.utf8), headerCode: headerCode, retryAfter: retryAfter)
  }

  @Test func decodesTheCurrentShapeWithAStringCode() {
    let error = decode(
      400, #"{"code":"invalid_credentials","message":"Invalid login credentials"}"#)
    #expect(error.shape == .current)
    #expect(error.code == .invalidCredentials)
    #expect(error.message == "Invalid login credentials")
    #expect(error.status == 400)
    #expect(error.appError == .unauthorized)
  }

  @Test func decodesTheLegacyShapeWithAnIntegerCode() {
    let error = decode(
      400, #"{"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"}"#)
    #expect(error.shape == .legacy)
    #expect(error.code == .invalidCredentials)
    #expect(error.message == "Invalid login credentials")
    #expect(error.appError == .unauthorized)
  }

  @Test func legacyShapeWithoutAnErrorCodeInfersItFromTheMessage() {
    let error = decode(400, #"{"code":400,"msg":"Email not confirmed"}"#)
    #expect(error.shape == .legacy)
    #expect(error.code == .emailNotConfirmed)
    #expect(error.appError == .validation(message: GoTrueError.emailNotConfirmedMessage))
  }

  @Test func legacyServerErrorKeepsItsCodeAndIsTransient() {
    let error = decode(
      500,
      #"{"code":500,"error_code":"unexpected_failure","msg":"Internal error","error_id":"r-1"}"#)
    #expect(error.code == .unexpectedFailure)
    #expect(error.isTransient)
    #expect(!error.endsSessionOnRefresh)
    #expect(error.appError == .network(code: 500, message: "Internal error"))
  }

  @Test func decodesTheOAuthShape() {
    let error = decode(
      400, #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Already Used"}"#)
    #expect(error.shape == .oauth)
    #expect(error.oauthError == "invalid_grant")
    #expect(error.code == .refreshTokenAlreadyUsed)
    #expect(error.message == "Invalid Refresh Token: Already Used")
    #expect(error.endsSessionOnRefresh)
    #expect(error.appError == .sessionExpired)
  }

  @Test func oauthIDTokenErrorsHaveNoCodeAndAreNotSessionErrors() {
    let error = decode(
      400, #"{"error":"invalid request","error_description":"Bad ID token"}"#)
    #expect(error.shape == .oauth)
    #expect(error.code == nil)
    #expect(!error.endsSessionOnRefresh)
    #expect(error.appError == .network(code: 400, message: "Bad ID token"))
  }

  @Test func oauthInvalidGrantForAPasswordIsUnauthorized() {
    let error = decode(
      400, #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#)
    #expect(error.code == .invalidCredentials)
    #expect(error.appError == .unauthorized)
  }

  @Test(arguments: [
    #"{"code":"weak_password","message":"Password should be at least 6 characters.","weak_password":{"reasons":["length"]}}"#,
    #"{"code":422,"error_code":"weak_password","msg":"Password should be at least 6 characters.","weak_password":{"reasons":["length"]}}"#,
  ])
  func weakPasswordInBothShapesIsAValidationErrorWithReasons(json: String) {
    let error = decode(422, json)
    #expect(error.code == .weakPassword)
    #expect(error.weakPasswordReasons == ["length"])
    #expect(error.appError == .validation(message: "Password should be at least 6 characters."))
  }

  @Test func anUnrecognizedBodyKeepsTheStatusAndNeverEchoesTheBody() {
    let error = decode(502, "<html>Bad gateway: secret-upstream-detail</html>")
    #expect(error.shape == .unrecognized)
    #expect(error.code == nil)
    #expect(!error.message.contains("secret-upstream-detail"))
    #expect(error.isTransient)
    #expect(!error.endsSessionOnRefresh)
  }

  @Test func decodesAFunctionsNestedErrorObject() {
    let error = decode(
      401, #"{"error":{"code":"unauthorized","message":"Missing or invalid token"}}"#)
    #expect(error.shape == .current)
    #expect(error.code?.rawValue == "unauthorized")
    #expect(error.message == "Missing or invalid token")
    #expect(error.appError == .unauthorized)
  }

  @Test func theErrorCodeHeaderFillsInAMissingCode() {
    let error = decode(403, #"{"message":"invalid JWT"}"#, headerCode: "bad_jwt")
    #expect(error.code == .badJWT)
    #expect(error.appError == .sessionExpired)
  }

  @Test func anUnknownCodePassesThroughAsItsRawString() {
    let error = decode(400, #"{"code":"brand_new_code","message":"Something new"}"#)
    #expect(error.code?.rawValue == "brand_new_code")
    #expect(error.appError == .network(code: 400, message: "Something new"))
  }

  @Test func rateLimitsMapToRateLimitedWithTheServersDelay() {
    let error = decode(
      429, #"{"code":"over_request_rate_limit","message":"Request rate limit reached"}"#,
      retryAfter: 30)
    #expect(error.isTransient)
    #expect(error.appError == .rateLimited(retryAfter: 30))
    let email = decode(
      429, #"{"code":"over_email_send_rate_limit","message":"Email rate limit exceeded"}"#)
    #expect(email.appError == .rateLimited(retryAfter: nil))
  }

  @Test(arguments: [
    ("user_already_exists", "User already registered"),
    ("email_address_invalid", "Email address is invalid"),
    ("validation_failed", "Unable to validate email address: invalid format"),
  ])
  func inputErrorsShowGoTruesMessage(code: String, message: String) {
    let error = decode(422, #"{"code":"\#(code)","message":"\#(message)"}"#)
    #expect(error.appError == .validation(message: message))
  }

  @Test(arguments: [
    "refresh_token_not_found", "refresh_token_already_used", "session_not_found",
    "session_expired", "validation_failed", "user_banned", "user_not_found",
  ])
  func sessionEndingCodesEndTheSessionOnRefresh(code: String) {
    let error = decode(400, #"{"code":"\#(code)","message":"m"}"#)
    #expect(error.endsSessionOnRefresh)
    #expect(!error.isTransient)
  }

  @Test(arguments: [
    (500, "unexpected_failure"), (502, ""), (503, ""), (504, ""), (429, "over_request_rate_limit"),
    (408, ""), (400, "bad_code_verifier"), (401, "no_authorization"),
  ])
  func otherAnswersNeverEndTheSessionOnRefresh(status: Int, code: String) {
    let json = code.isEmpty ? #"{"message":"m"}"# : #"{"code":"\#(code)","message":"m"}"#
    #expect(!decode(status, json).endsSessionOnRefresh)
  }

  @Test func statusFallbacksMapWithoutACode() {
    #expect(decode(401, #"{"message":"No API key found in request"}"#).appError == .unauthorized)
    #expect(decode(404, #"{"message":"Not found"}"#).appError == .notFound)
    #expect(decode(422, #"{"message":"Bad input"}"#).appError == .validation(message: "Bad input"))
  }

  @Test func authErrorsMapToAppErrors() {
    #expect(AppError.from(AuthError.notSignedIn) == .sessionExpired)
    #expect(AppError.from(AuthError.sessionExpired) == .sessionExpired)
    #expect(AppError.from(AuthError.sessionChanged) == .cancelled)
    #expect(
      AppError.from(AuthError.providerUnavailable(.apple)) == .notConfigured("Sign in with Apple"))
    #expect(AppError.from(AuthError.invalidResponse("x")) == .decoding)
    let server = decode(400, #"{"code":"invalid_credentials","message":"m"}"#)
    #expect(AppError.from(AuthError.server(server)) == .unauthorized)
  }
}
