import JOSE

/// The body sent upstream, built from an allowlist (anchors §0.3): the model, the server's
/// system message and the client's user and assistant messages, the temperature, `stream`
/// (with `stream_options.include_usage` when streaming) and the server's `max_tokens`.
/// Nothing else a client sent can reach the provider: no base URLs, provider routing,
/// fallback lists, plugins or tools.
enum UpstreamRequestBody {
  /// The JSON text for `request`, written straight into bytes with the members in name
  /// order, as `JSONText.serialize` orders them.
  static func json(for request: ProxyChatRequest, maxTokens: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(
      160 + request.messages.reduce(0) { $0 + $1.content.utf8.count + 40 }
        + (request.personaPrompt?.utf8.count ?? 0)
        + request.memories.reduce(0) { $0 + $1.utf8.count + 4 })
    output += #"{"max_tokens":"#.utf8
    output += String(maxTokens).utf8
    output += #","messages":["#.utf8
    var first = true
    func appendMessage(role: String, content: String) {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      output += #"{"content":"#.utf8
      JSONText.appendQuoted(content, to: &output)
      output += #","role":"#.utf8
      JSONText.appendQuoted(role, to: &output)
      output.append(UInt8(ascii: "}"))
    }
    if let system = systemPrompt(persona: request.personaPrompt, memories: request.memories) {
      appendMessage(role: "system", content: system)
    }
    for message in request.messages {
      appendMessage(role: message.role, content: message.content)
    }
    output += #"],"model":"#.utf8
    JSONText.appendQuoted(request.model, to: &output)
    // As the client asked: a non-streaming client's answer comes whole in one JSON
    // object, without waiting for a stream of pieces to be joined (decision 113).
    output +=
      (request.stream
      ? #","stream":true,"stream_options":{"include_usage":true}"# : #","stream":false"#).utf8
    if let temperature = request.temperature {
      output += #","temperature":"#.utf8
      JSONText.append(.number(temperature), to: &output)
    }
    output.append(UInt8(ascii: "}"))
    return output
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
