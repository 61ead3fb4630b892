import Core
import Foundation
import Networking

/// The two REST v1 calls Kiln makes, and how their failures read.
///
/// Requests carry absolute URLs built from `PaymentsConfig.baseURL`, so the payments client
/// can share any `HTTPClient` whatever its own base URL. The app user id is percent-encoded
/// as one path segment (`$RCAnonymousID:…` becomes `%24RCAnonymousID%3A…`).
package enum RevenueCatAPI {
  /// `GET /v1/subscribers/{app_user_id}`: the customer info (created on first sight).
  package static func customerInfoRequest(
    config: PaymentsConfig, appUserID: String
  ) throws(PaymentsError) -> HTTPRequest {
    try request(config: config, path: "/v1/subscribers/" + escapePathSegment(appUserID))
  }

  /// `GET /v1/subscribers/{app_user_id}/offerings`: the offerings for this customer.
  package static func offeringsRequest(
    config: PaymentsConfig, appUserID: String
  ) throws(PaymentsError) -> HTTPRequest {
    try request(
      config: config, path: "/v1/subscribers/" + escapePathSegment(appUserID) + "/offerings")
  }

  /// `text` percent-encoded so that it stays one path segment: everything outside RFC 3986's
  /// unreserved characters is escaped, `/`, `:`, `$`, `%` and spaces included.
  package static func escapePathSegment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private static func request(
    config: PaymentsConfig, path: String
  ) throws(PaymentsError) -> HTTPRequest {
    var base = config.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    guard let url = URL(string: base + path), url.scheme != nil else {
      throw PaymentsError.notConfigured("RevenueCat base URL")
    }
    return HTTPRequest(url: url)
      .withHeader("Authorization", "Bearer \(config.apiKey)")
      .withHeader("X-Platform", config.platform.rawValue)
      .withHeader("Accept", "application/json")
      .withCachePolicy(.noCache)
  }

  /// Maps what `HTTPClient.send` threw to a `PaymentsError`: a rejected key (401, or 403
  /// with RevenueCat's code 7243 for a secret key) is `.invalidAPIKey`, other statuses are
  /// `.server` with RevenueCat's `{"code", "message"}`, transport failures are `.network`.
  package static func paymentsError(from error: any Error) -> PaymentsError {
    switch error {
    case let paymentsError as PaymentsError:
      return paymentsError
    case let httpError as HTTPError:
      switch httpError {
      case .status(let response, _):
        let details = ErrorBody(data: response.data)
        if response.statusCode == 401 || (response.statusCode == 403 && details?.code == 7243) {
          return .invalidAPIKey(code: details?.code)
        }
        return .server(
          status: response.statusCode, code: details?.code, message: details?.message)
      case .invalidRequest(let reason):
        return .notConfigured("RevenueCat base URL (\(reason))")
      case .transport, .cancelled:
        return .network(httpError.appError)
      }
    default:
      return .network(AppError.from(error))
    }
  }

  /// RevenueCat's error body: `{"code": 7225, "message": "…"}`; the code may be a string.
  package struct ErrorBody: Decodable, Equatable {
    /// The RevenueCat error code.
    package var code: Int?
    /// The explanation.
    package var message: String?

    /// The body in `data`, or `nil` when it is not RevenueCat's error shape.
    package init?(data: Data) {
      guard let body = try? JSONDecoder().decode(ErrorBody.self, from: data),
        body.code != nil || body.message != nil
      else { return nil }
      self = body
    }

    enum CodingKeys: String, CodingKey { case code, message }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
        code = number
      } else {
        code = (try? container.decodeIfPresent(String.self, forKey: .code)).flatMap { Int($0) }
      }
      message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
  }
}
