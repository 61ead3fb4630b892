import Foundation
import JOSE

/// Keys and tokens for the JWKS tests: each token's header and payload are given as JSON
/// text, so a test can change exactly one thing.
struct TokenMaker {
  static let now: Double = 1_800_000_000
  static let secret = "a-backend-test-jwt-secret-longer-than-32-bytes"
  static let payload =
    #"{"aud":"authenticated","exp":1800003600,"iat":1800000000,"role":"authenticated","sub":"user-1"}"#

  /// A JWK set publishing `keys` (public members only).
  static func jwks(_ keys: [JWK]) -> String {
    JWKSet.jsonText(publishing: keys)
  }

  /// `header.payload` signed ES256 by `key`.
  static func es256(
    _ key: P256PrivateKey, kid: String?, extraHeader: String = "", payload: String = payload
  ) throws -> String {
    let kidMember = kid.map { ",\"kid\":\(JSONText.quoted($0))" } ?? ""
    let header = #"{"alg":"ES256","typ":"JWT""# + kidMember + extraHeader + "}"
    let input = signingInput(header: header, payload: payload)
    return input + "." + Base64URL.encode(try key.signature(for: Array(input.utf8)))
  }

  /// `header.payload` signed RS256 by `key`.
  static func rs256(_ key: RSAPrivateKey, kid: String, payload: String = payload) throws -> String {
    let header = #"{"alg":"RS256","typ":"JWT","kid":"# + JSONText.quoted(kid) + "}"
    let input = signingInput(header: header, payload: payload)
    return input + "." + Base64URL.encode(try key.signature(for: Array(input.utf8)))
  }

  /// `header.payload` MACed HS256 with `key`'s bytes (the secret's text by default).
  static func hs256(
    header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String = payload,
    key: [UInt8] = Array(secret.utf8)
  ) throws -> String {
    let input = signingInput(header: header, payload: payload)
    return input + "."
      + Base64URL.encode(try Digest.hmacSHA256(key: key, message: Array(input.utf8)))
  }

  static func signingInput(header: String, payload: String) -> String {
    Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
  }
}
