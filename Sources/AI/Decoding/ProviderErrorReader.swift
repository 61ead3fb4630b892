import Foundation

/// Reads providers' error objects, in streams and in refused responses' bodies.
///
/// Shapes understood: OpenAI `{"error":{"message","type","param","code"}}` (code a string or
/// null), OpenRouter `{"error":{"code":429,"message","metadata"}}` (code a number), Kiln's
/// proxy `{"error":{"code":"rate_limited","message"}}`, `{"error":"text"}` (Ollama),
/// Gemini's `[{"error":{…}}]`, and top-level `{"message","code"}` or `{"detail":"text"}`.
enum ProviderErrorReader {
  /// The message used when a provider reported an error without one.
  static let missingMessage = "The provider reported an error without a message."

  /// Reads the value of an `error` member; `nil` for `null`.
  static func readErrorValue(_ reader: inout JSONReader) throws -> ProviderError? {
    switch try reader.peekKind() {
    case .null:
      _ = try reader.readNull()
      return nil
    case .string:
      return ProviderError(code: nil, message: try reader.readString())
    case .object:
      return try readErrorObject(&reader)
    default:
      try reader.skipValue()
      return ProviderError(code: nil, message: missingMessage)
    }
  }

  /// Reads `{"code","message","type",…}`; a missing code falls back to `type`.
  static func readErrorObject(_ reader: inout JSONReader) throws -> ProviderError {
    var code: ProviderErrorCode?
    var type: String?
    var message: String?
    try reader.readObject { reader, key in
      if key.matches("code") {
        code = try readCode(&reader)
      } else if key.matches("message") {
        message = try readMessage(&reader)
      } else if key.matches("type") {
        type = try readMessage(&reader)
      } else {
        try reader.skipValue()
      }
    }
    return ProviderError(
      code: code ?? type.map(ProviderErrorCode.init(rawValue:)),
      message: message ?? missingMessage)
  }

  /// The error in a refused response's body, or `nil` when the body has none we know.
  static func error(inBody body: Data) -> ProviderError? {
    body.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      do {
        let error = try readBody(&reader)
        try reader.expectEnd()
        return error
      } catch {
        // Not JSON (an HTML error page, a proxy's plain text): the status alone says
        // what happened, and the body is not shown to anyone.
        return nil
      }
    }
  }

  private static func readBody(_ reader: inout JSONReader) throws -> ProviderError? {
    switch try reader.peekKind() {
    case .array:
      var first: ProviderError?
      try reader.readArray { reader in
        let error = try readBody(&reader)
        if first == nil { first = error }
      }
      return first
    case .object:
      return try readTopLevelObject(&reader)
    default:
      try reader.skipValue()
      return nil
    }
  }

  private static func readTopLevelObject(_ reader: inout JSONReader) throws -> ProviderError? {
    var nested: ProviderError?
    var code: ProviderErrorCode?
    var message: String?
    try reader.readObject { reader, key in
      if key.matches("error") {
        nested = try readErrorValue(&reader)
      } else if key.matches("code") {
        code = try readCode(&reader)
      } else if key.matches("message") || key.matches("detail") {
        message = try readMessage(&reader) ?? message
      } else {
        try reader.skipValue()
      }
    }
    if let nested { return nested }
    guard code != nil || message != nil else { return nil }
    return ProviderError(code: code, message: message ?? missingMessage)
  }

  private static func readCode(_ reader: inout JSONReader) throws -> ProviderErrorCode? {
    switch try reader.peekKind() {
    case .string:
      return ProviderErrorCode(rawValue: try reader.readString())
    case .number:
      let token = try reader.readNumberToken()
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: reader.bytes[token]), as: UTF8.self)
      return Int(text).map(ProviderErrorCode.init(number:)) ?? ProviderErrorCode(rawValue: text)
    default:
      try reader.skipValue()
      return nil
    }
  }

  private static func readMessage(_ reader: inout JSONReader) throws -> String? {
    switch try reader.peekKind() {
    case .string:
      return try reader.readString()
    case .array:
      // OpenAI-compatible servers built on FastAPI send a list of messages.
      var parts: [String] = []
      try reader.readArray { reader in
        if try reader.peekKind() == .string {
          parts.append(try reader.readString())
        } else {
          try reader.skipValue()
        }
      }
      return parts.isEmpty ? nil : parts.joined(separator: "; ")
    default:
      try reader.skipValue()
      return nil
    }
  }
}
