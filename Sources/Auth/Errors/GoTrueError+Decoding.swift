import Foundation

extension GoTrueError {
  /// Decodes an error answer.
  /// - Parameters:
  ///   - status: the HTTP status.
  ///   - body: the response body, in any of the three shapes (or none).
  ///   - headerCode: the `x-sb-error-code` header, used when the body names no code.
  ///   - retryAfter: the `Retry-After` delay in seconds, if the response had one.
  public static func decode(
    status: Int, body: Data, headerCode: String? = nil, retryAfter: TimeInterval? = nil
  ) -> GoTrueError {
    let fields = try? JSONDecoder().decode(Fields.self, from: body)
    let shape = fields?.shape ?? .unrecognized
    let message =
      fields?.message ?? "The auth server answered with HTTP status \(status)."
    let explicitCode =
      fields?.stringCode ?? nonEmpty(headerCode).map { GoTrueErrorCode(rawValue: $0) }
    return GoTrueError(
      status: status,
      code: explicitCode ?? inferredCode(from: message, shape: shape),
      message: message,
      oauthError: fields?.error,
      weakPasswordReasons: fields?.weakPassword?.reasons ?? [],
      retryAfter: retryAfter,
      shape: shape)
  }

  /// Older servers name no code for a few answers a client must recognise; their messages
  /// have been stable for years.
  private static func inferredCode(from message: String, shape: Shape) -> GoTrueErrorCode? {
    guard shape != .unrecognized else { return nil }
    let lowered = message.lowercased()
    if lowered.contains("invalid login credentials") { return .invalidCredentials }
    if lowered.contains("email not confirmed") { return .emailNotConfirmed }
    if lowered.contains("refresh token not found") { return .refreshTokenNotFound }
    if lowered.contains("invalid refresh token") && lowered.contains("already used") {
      return .refreshTokenAlreadyUsed
    }
    return nil
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  /// Every field of the three shapes; `code` is an integer in one and a string in another.
  private struct Fields: Decodable {
    struct WeakPassword: Decodable {
      let reasons: [String]?
    }

    /// `{"error": {"code": "…", "message": "…"}}`, as backend functions (and Kiln's proxy)
    /// answer.
    struct NestedError: Decodable {
      let code: String?
      let message: String?
    }

    let stringCode: GoTrueErrorCode?
    let integerCode: Int?
    let errorCode: String?
    let msg: String?
    let messageField: String?
    let error: String?
    let errorDescription: String?
    let weakPassword: WeakPassword?

    private enum CodingKeys: String, CodingKey {
      case code
      case errorCode = "error_code"
      case msg
      case message
      case error
      case errorDescription = "error_description"
      case weakPassword = "weak_password"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let codeString = try? container.decodeIfPresent(String.self, forKey: .code)
      // Backend functions nest their error: `{"error": {"code": …, "message": …}}`.
      let nested = try? container.decodeIfPresent(NestedError.self, forKey: .error)
      integerCode = try? container.decodeIfPresent(Int.self, forKey: .code)
      errorCode = try? container.decodeIfPresent(String.self, forKey: .errorCode)
      stringCode = (codeString ?? errorCode ?? nested?.code).flatMap {
        $0.isEmpty ? nil : GoTrueErrorCode(rawValue: $0)
      }
      msg = try? container.decodeIfPresent(String.self, forKey: .msg)
      messageField =
        (try? container.decodeIfPresent(String.self, forKey: .message)) ?? nested?.message
      // Only a string `error` is the OAuth field.
      error = try? container.decodeIfPresent(String.self, forKey: .error)
      errorDescription = try? container.decodeIfPresent(String.self, forKey: .errorDescription)
      weakPassword = try? container.decodeIfPresent(WeakPassword.self, forKey: .weakPassword)
      if stringCode == nil, integerCode == nil, msg == nil, messageField == nil, error == nil {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "no GoTrue error fields"))
      }
    }

    var shape: Shape {
      if integerCode != nil || errorCode != nil || msg != nil { return .legacy }
      if stringCode != nil || messageField != nil { return .current }
      return .oauth
    }

    var message: String? {
      [msg, messageField, errorDescription, error].lazy.compactMap { $0 }
        .first { !$0.isEmpty }
    }
  }
}
