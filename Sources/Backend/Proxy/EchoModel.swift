import Foundation
import JOSE
import Networking

/// The development model (decision 30): with no upstream configured, the proxy answers
/// with the last user message echoed back, word by word, in exactly the upstream's wire
/// format (chunks, a finish reason, a usage chunk, `[DONE]`), so the whole path (checks,
/// charge, re-framing, ledger) runs without a provider.
enum EchoModel {
  /// The model name echo replies carry.
  static let name = "echo"

  /// A finished upstream response carrying the echo's event stream.
  static func response(for chat: ProxyChatRequest, id: String, created: Date) -> HTTPStreamResponse
  {
    let text = chat.messages.last { $0.role == "user" }?.content ?? ""
    let system = UpstreamRequestBody.systemPrompt(
      persona: chat.personaPrompt, memories: chat.memories)
    let prompt = chat.messages.reduce(system.map(estimatedTokens) ?? 0) {
      $0 + estimatedTokens($1.content)
    }
    let base: [String: StrictJSONValue] = [
      "id": .string(id), "object": .string("chat.completion.chunk"),
      "created": .number(created.timeIntervalSince1970.rounded(.down)), "model": .string(name),
    ]
    func chunk(_ delta: [String: StrictJSONValue], finish: String?) -> String {
      var members = base
      members["choices"] = .array([
        .object([
          "index": .number(0), "delta": .object(delta),
          "finish_reason": finish.map(StrictJSONValue.string) ?? .null,
        ])
      ])
      return JSONText.serialize(.object(members))
    }
    var events = [chunk(["role": .string("assistant"), "content": .string("")], finish: nil)]
    for word in words(of: text) { events.append(chunk(["content": .string(word)], finish: nil)) }
    events.append(chunk([:], finish: "stop"))
    var usage = base
    usage["choices"] = .array([])
    let completion = estimatedTokens(text)
    usage["usage"] = .object([
      "prompt_tokens": .number(Double(prompt)), "completion_tokens": .number(Double(completion)),
      "total_tokens": .number(Double(prompt + completion)),
    ])
    events.append(JSONText.serialize(.object(usage)))
    let stream = events.map { "data: \($0)\n\n" }.joined() + "data: [DONE]\n\n"
    return HTTPStreamResponse(
      statusCode: 200, headers: ["Content-Type": "text/event-stream"],
      body: .bytes(Data(stream.utf8)))
  }

  /// The AI module's rule of thumb: one token per four bytes of UTF-8, rounded up.
  static func estimatedTokens(_ text: String) -> Int { (text.utf8.count + 3) / 4 }

  /// `text` split into words that each carry the whitespace before them, so the pieces join
  /// back into the exact text.
  static func words(of text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    for character in text {
      if character.isWhitespace, inWord {
        words.append(current)
        current = ""
        inWord = false
      } else if !character.isWhitespace {
        inWord = true
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
