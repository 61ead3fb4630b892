import JOSE

/// The body sent upstream, built from an allowlist (anchors §0.3): the model, the server's
/// system message and the client's user and assistant messages, the temperature, `stream`
/// (with `stream_options.include_usage` when streaming) and the server's `max_tokens`. Nothing else a client sent
/// can reach the provider: no base URLs, provider routing, fallback lists, plugins or tools.
enum UpstreamRequestBody {
  /// The JSON text for `request`.
  static func json(for request: ProxyChatRequest, maxTokens: Int) -> [UInt8] {
    var messages: [StrictJSONValue] = []
    if let system = systemPrompt(persona: request.personaPrompt, memories: request.memories) {
      messages.append(.object(["role": .string("system"), "content": .string(system)]))
    }
    for message in request.messages {
      messages.append(
        .object(["role": .string(message.role), "content": .string(message.content)]))
    }
    var members: [String: StrictJSONValue] = [
      "model": .string(request.model),
      "messages": .array(messages),
      "max_tokens": .number(Double(maxTokens)),
      // As the client asked: a non-streaming client's answer comes whole in one JSON
      // object, without waiting for a stream of pieces to be joined (decision 113).
      "stream": .bool(request.stream),
    ]
    if request.stream {
      members["stream_options"] = .object(["include_usage": .bool(true)])
    }
    if let temperature = request.temperature { members["temperature"] = .number(temperature) }
    return Array(JSONText.serialize(.object(members)).utf8)
  }

  /// The server's system message: the persona's prompt, then the user's memories as a
  /// list; `nil` when there is neither.
  static func systemPrompt(persona: String?, memories: [String]) -> String? {
    var parts: [String] = []
    if let persona { parts.append(persona) }
    let facts = memories.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    if !facts.isEmpty {
      parts.append(
        "Things the user asked you to remember:\n" + facts.map { "- " + $0 }.joined(separator: "\n")
      )
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
  }
}

extension String {
  /// The text without whitespace or line breaks at either end; a memory stays one line.
  fileprivate func trimmingWhitespace() -> String {
    let scalars = unicodeScalars.map { $0.properties.isWhitespace ? " " : Character($0) }
    let flat = String(scalars)
    var slice = Substring(flat)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}
