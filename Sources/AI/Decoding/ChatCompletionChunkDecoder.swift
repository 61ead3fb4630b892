import Networking

/// Turns one server-sent event of an OpenAI chat-completions stream into what it means.
///
/// Tolerant where providers differ, never silent about errors: a chunk without `id`,
/// `choices: []`, `content: null`, unknown fields and unknown values all decode; an `error`
/// member (with or without `choices`) and an `event: error` are reported; a payload that
/// is not JSON, is not an object, or has a known field of the wrong type is reported as an
/// `invalid_chunk` error rather than dropped. Comments (`: OPENROUTER PROCESSING`),
/// `data:` without a space and CRLF framing are the SSE parser's business and never get here.
enum ChatCompletionChunkDecoder {
  /// What an event means.
  enum Decoded: Equatable, Sendable {
    /// A chunk (which may carry an `error`).
    case chunk(ChatCompletionChunk)
    /// `data: [DONE]`: the provider finished the stream.
    case done
    /// An event with empty data: nothing to do.
    case empty
    /// A payload that is not a chat-completion chunk.
    case invalid(ProviderError)
  }

  /// Decodes one event.
  static func decode(_ event: ServerSentEvent) -> Decoded {
    let decoded = withUTF8(of: event.data) { bytes in decode(payload: bytes) }
    guard event.type == "error" else { return decoded }
    // An explicit `event: error`: whatever its data says is an error.
    switch decoded {
    case .chunk(let chunk) where chunk.error != nil:
      return decoded
    case .empty, .done, .chunk, .invalid:
      let message = event.data.isEmpty ? ProviderErrorReader.missingMessage : event.data
      var chunk = ChatCompletionChunk()
      chunk.error = ProviderError(code: nil, message: message)
      return .chunk(chunk)
    }
  }

  /// Decodes one `data` payload given as UTF-8.
  static func decode(payload bytes: UnsafeBufferPointer<UInt8>) -> Decoded {
    var reader = JSONReader(bytes)
    reader.skipWhitespace()
    if reader.offset == bytes.count { return .empty }
    if isDone(bytes) { return .done }
    do {
      guard try reader.peekKind() == .object else {
        throw reader.failure("the payload is not a JSON object")
      }
      let chunk = try readChunk(&reader)
      try reader.expectEnd()
      return .chunk(chunk)
    } catch let failure as JSONReader.Failure {
      return .invalid(ProviderError(code: .invalidChunk, message: "\(failure)"))
    } catch {
      return .invalid(ProviderError(code: .invalidChunk, message: "\(error)"))
    }
  }

  private static func isDone(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var reader = JSONReader(bytes)
    reader.skipWhitespace()
    let marker: StaticString = "[DONE]"
    let start = reader.offset
    guard bytes.count - start >= marker.utf8CodeUnitCount else { return false }
    for index in 0..<marker.utf8CodeUnitCount
    where bytes[start + index] != marker.utf8Start[index] {
      return false
    }
    var rest = JSONReader(
      UnsafeBufferPointer(rebasing: bytes[(start + marker.utf8CodeUnitCount)...]))
    rest.skipWhitespace()
    return rest.offset == rest.bytes.count
  }

  private static func readChunk(_ reader: inout JSONReader) throws -> ChatCompletionChunk {
    var chunk = ChatCompletionChunk()
    try reader.readObject { reader, key in
      if key.matches("choices") {
        if try !reader.readNull() { try readChoices(&reader, into: &chunk) }
      } else if key.matches("model") {
        chunk.model = try reader.readOptionalString()
      } else if key.matches("usage") {
        chunk.usage = try readUsage(&reader)
      } else if key.matches("error") {
        chunk.error = try ProviderErrorReader.readErrorValue(&reader)
      } else {
        try reader.skipValue()
      }
    }
    return chunk
  }

  private static func readChoices(
    _ reader: inout JSONReader, into chunk: inout ChatCompletionChunk
  ) throws {
    var position = 0
    try reader.readArray { reader in
      defer { position += 1 }
      var choice = ChatCompletionChunk()
      var index = position
      try reader.readObject { reader, key in
        if key.matches("index") {
          index = try reader.readOptionalInt() ?? position
        } else if key.matches("delta") || key.matches("message") {
          if try !reader.readNull() { try readDelta(&reader, into: &choice) }
        } else if key.matches("finish_reason") {
          choice.finishReason = try reader.readOptionalString()
        } else if key.matches("error") {
          choice.error = try ProviderErrorReader.readErrorValue(&reader)
        } else {
          try reader.skipValue()
        }
      }
      if chunk.error == nil { chunk.error = choice.error }
      guard index == 0 else { return }
      chunk.content = choice.content
      chunk.reasoning = choice.reasoning
      chunk.toolCallFragments = choice.toolCallFragments
      chunk.finishReason = choice.finishReason
    }
  }
}
