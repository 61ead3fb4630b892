extension ChatCompletionChunkDecoder {
  /// Reads a choice's `delta` (or a final `message`, which some servers send instead).
  static func readDelta(_ reader: inout JSONReader, into choice: inout ChatCompletionChunk) throws {
    var reasoning: String?
    var reasoningContent: String?
    try reader.readObject { reader, key in
      if key.matches("content") {
        choice.content = try readContent(&reader)
      } else if key.matches("reasoning") {
        reasoning = try reader.readOptionalString()
      } else if key.matches("reasoning_content") {
        reasoningContent = try reader.readOptionalString()
      } else if key.matches("tool_calls") {
        if try !reader.readNull() { choice.toolCallFragments = try readToolCalls(&reader) }
      } else {
        try reader.skipValue()
      }
    }
    // Providers that fill both send the same text twice; one of them is the reasoning.
    choice.reasoning = reasoning ?? reasoningContent
  }

  /// Reads `content`: a string, `null`, or an array of content parts whose `text` members
  /// are joined (Mistral streams some replies that way).
  private static func readContent(_ reader: inout JSONReader) throws -> String? {
    switch try reader.peekKind() {
    case .null:
      _ = try reader.readNull()
      return nil
    case .array:
      var text = ""
      try reader.readArray { reader in
        try reader.readObject { reader, key in
          if key.matches("text") {
            text += try reader.readOptionalString() ?? ""
          } else {
            try reader.skipValue()
          }
        }
      }
      return text
    default:
      return try reader.readString()
    }
  }

  private static func readToolCalls(_ reader: inout JSONReader) throws -> [ToolCallFragment] {
    var fragments: [ToolCallFragment] = []
    try reader.readArray { reader in
      var fragment = ToolCallFragment()
      try reader.readObject { reader, key in
        if key.matches("index") {
          fragment.index = try reader.readOptionalInt()
        } else if key.matches("id") {
          fragment.id = try reader.readOptionalString()
        } else if key.matches("function") {
          if try reader.readNull() { return }
          try reader.readObject { reader, key in
            if key.matches("name") {
              fragment.name = try reader.readOptionalString()
            } else if key.matches("arguments") {
              fragment.arguments = try reader.readOptionalString()
            } else {
              try reader.skipValue()
            }
          }
        } else {
          try reader.skipValue()
        }
      }
      fragments.append(fragment)
    }
    return fragments
  }

  /// Reads `usage`; `null` (OpenAI sends it in every chunk but the last) is `nil`.
  static func readUsage(_ reader: inout JSONReader) throws -> TokenUsage? {
    if try reader.readNull() { return nil }
    var prompt: Int?
    var completion: Int?
    var total: Int?
    try reader.readObject { reader, key in
      if key.matches("prompt_tokens") {
        prompt = try reader.readOptionalInt()
      } else if key.matches("completion_tokens") {
        completion = try reader.readOptionalInt()
      } else if key.matches("total_tokens") {
        total = try reader.readOptionalInt()
      } else {
        try reader.skipValue()
      }
    }
    guard prompt != nil || completion != nil || total != nil else { return nil }
    return TokenUsage(
      promptTokens: prompt ?? 0, completionTokens: completion ?? 0, totalTokens: total)
  }

  /// Calls `body` with the UTF-8 of `text`, in place when the string is stored contiguously.
  static func withUTF8<Result>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}
