import Foundation
import JOSE

/// `GET /verify?token=…&type=…&redirect_to=…`: the mailed link itself. As GoTrue does, it
/// consumes the token and answers 303 to the site with the session in the URL fragment
/// (`#access_token=…&refresh_token=…&type=recovery`), or with
/// `#error=access_denied&error_code=otp_expired&error_description=…` when the token is
/// refused. It needs no `apikey`: a mail client sends none.
extension RecoveryRoutes {
  func verifyLink(_ request: BackendRequest) async -> BackendResponse {
    let target = redirectTarget(request.queryValue("redirect_to"))
    do {
      guard let type = request.queryValue("type"),
        type == AuthMessage.Kind.recovery.rawValue || type == AuthMessage.Kind.signup.rawValue
      else { throw AuthFailure.validation("Unsupported verification type") }
      guard let token = request.queryValue("token"), !token.isEmpty else {
        throw AuthFailure.validation("Verify requires a token or a token hash")
      }
      let body = JSONText.serialize(
        .object(["type": .string(type), "token": .string(token)]))
      var inner = request
      inner.body = Array(body.utf8)
      let answer = try await verify(inner)
      guard case .bytes(let bytes) = answer.body, answer.status == 200,
        let session = try? StrictJSONParser().parseObject(bytes)
      else { throw AuthFailure.unexpected }
      var fragment: [(String, String)] = []
      for name in ["access_token", "expires_at", "expires_in", "refresh_token", "token_type"] {
        switch session[name] {
        case .string(let text): fragment.append((name, text))
        case .number(let number): fragment.append((name, String(Int(number))))
        default: continue
        }
      }
      fragment.append(("type", type))
      return Self.redirect(to: target, fragment: fragment)
    } catch {
      let failure = error as? AuthFailure ?? .unexpected
      return Self.redirect(
        to: target,
        fragment: [
          ("error", "access_denied"), ("error_code", failure.code),
          ("error_description", failure.message),
        ])
    }
  }

  static func redirect(to target: String, fragment: [(String, String)]) -> BackendResponse {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let encoded = fragment.map { name, value in
      name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }
    return BackendResponse(
      status: 303,
      headers: [
        (name: "Location", value: target + "#" + encoded.joined(separator: "&")),
        (name: "Cache-Control", value: "no-store"),
      ])
  }
}
