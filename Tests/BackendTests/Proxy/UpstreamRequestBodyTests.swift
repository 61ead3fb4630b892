import JOSE
import TestSupport
import Testing

@testable import Backend

/// The upstream body is written straight into bytes; it must be exactly the text the JSON
/// tree of its allowlisted members serializes to.
@Suite struct UpstreamRequestBodyTests {
  /// The body as a tree of values, serialized (the reference).
  private static func reference(_ request: ProxyChatRequest, maxTokens: Int) -> String {
    var messages: [StrictJSONValue] = []
    if let system = UpstreamRequestBody.systemPrompt(
      persona: request.personaPrompt, memories: request.memories)
    {
      messages.append(.object(["role": .string("system"), "content": .string(system)]))
    }
    for message in request.messages {
      messages.append(
        .object(["role": .string(message.role), "content": .string(message.content)]))
    }
    var members: [String: StrictJSONValue] = [
      "model": .string(request.model), "messages": .array(messages),
      "max_tokens": .number(Double(maxTokens)), "stream": .bool(request.stream),
    ]
    if request.stream { members["stream_options"] = .object(["include_usage": .bool(true)]) }
    if let temperature = request.temperature { members["temperature"] = .number(temperature) }
    return JSONText.serialize(.object(members))
  }

  private static let pieces = [
    "hi", "", "a \"quoted\" word", "back\\slash", "line\nbreak", "tab\t", "\u{1}", "é€😀",
    "\u{2028}", " padded ", "{\"json\":1}",
  ]

  @Test func theBytesAreTheSerializedTreeOfTheAllowlistedMembers() throws {
    var random = SeededGenerator(state: 0x0B0D_7E57)
    func piece() -> String {
      (0..<Int.random(in: 1...3, using: &random)).map { _ in
        Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
      }.joined()
    }
    for _ in 0..<2_000 {
      let request = ProxyChatRequest(
        model: Bool.random(using: &random) ? "openai/gpt-4o-mini" : piece(),
        messages: (0..<Int.random(in: 0...4, using: &random)).map { index in
          .init(role: index % 2 == 0 ? "user" : "assistant", content: piece())
        },
        temperature: [nil, 0, 0.5, 1.25, 2].randomElement(using: &random) ?? nil,
        personaPrompt: Bool.random(using: &random) ? piece() : nil,
        memories: (0..<Int.random(in: 0...2, using: &random)).map { _ in piece() },
        stream: Bool.random(using: &random))
      let maxTokens = Int.random(in: 1...100_000, using: &random)
      let bytes = UpstreamRequestBody.json(for: request, maxTokens: maxTokens)
      #expect(
        String(decoding: bytes, as: UTF8.self) == Self.reference(request, maxTokens: maxTokens))
      _ = try StrictJSONParser().parseObject(bytes)
    }
  }
}
