import Foundation

/// The human-readable message and machine code a server put in an error body.
///
/// Understands the common JSON shapes: `{"error": "text"}`, `{"message": …}`,
/// `{"detail": …}` (also FastAPI's `[{"msg": …}]`), OAuth's `{"error": "code",
/// "error_description": …}`, GoTrue's `{"msg": …, "error_code": …}`, OpenAI's nested
/// `{"error": {"message": …, "code": …}}` and Gemini's `[{"error": {…}}]`. A short
/// `text/plain` body is taken as the message. Anything else gives no message.
public struct ServerErrorDetails: Sendable, Equatable {
  /// The message meant for people, trimmed and capped at 500 characters.
  public var message: String?
  /// A machine-readable code (`"rate_limited"`, `"invalid_grant"`, or a number as text).
  public var code: String?

  /// Details with the given parts.
  public init(message: String?, code: String?) {
    self.message = message
    self.code = code
  }

  /// Extracts the details from a response body; `nil` when neither part is found.
  public init?(body: Data, contentType: String?) {
    if let object = Self.jsonObject(body) {
      message = Self.message(in: object).flatMap(Self.tidy)
      code = Self.code(in: object)
    } else if let contentType, contentType.lowercased().hasPrefix("text/plain"),
      body.count <= 500
    {
      message = Self.tidy(String(decoding: body, as: UTF8.self))
      code = nil
    } else {
      return nil
    }
    if message == nil && code == nil { return nil }
  }

  private static func jsonObject(_ body: Data) -> [String: Any]? {
    guard let first = body.first(where: { !$0.isASCIIWhitespace }), first == 0x7B || first == 0x5B,
      let value = try? JSONSerialization.jsonObject(with: body)
    else { return nil }
    if let object = value as? [String: Any] { return object }
    if let array = value as? [Any], let object = array.first as? [String: Any] { return object }
    return nil
  }

  private static func message(in object: [String: Any]) -> String? {
    if let nested = object["error"] as? [String: Any], let text = message(in: nested) {
      return text
    }
    if let description = object["error_description"] as? String { return description }
    for key in ["message", "msg", "error", "detail"] {
      if let text = object[key] as? String { return text }
    }
    if let details = object["detail"] as? [Any], let first = details.first as? [String: Any],
      let text = first["msg"] as? String
    {
      return text
    }
    return nil
  }

  private static func code(in object: [String: Any]) -> String? {
    if let nested = object["error"] as? [String: Any], let code = code(in: nested) {
      return code
    }
    if object["error_description"] != nil, let code = object["error"] as? String { return code }
    for key in ["error_code", "code", "type"] {
      if let text = object[key] as? String { return text }
      if let number = object[key] as? Int { return String(number) }
    }
    return nil
  }

  private static func tidy(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    return trimmed.count > 500 ? String(trimmed.prefix(500)) + "…" : trimmed
  }
}

extension HTTPResponse {
  /// The message and code the server put in this (error) response's body.
  public var serverError: ServerErrorDetails? {
    ServerErrorDetails(body: data, contentType: headers["Content-Type"])
  }
}

extension UInt8 {
  fileprivate var isASCIIWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
  }
}
