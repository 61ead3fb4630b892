import Core
import Foundation

@testable import AI

/// Recorded-style chat-completion streams, shaped as OpenAI, OpenRouter and local servers
/// send them.
enum StreamFixtures {
  /// An OpenAI `chat.completion.chunk` line with `content` in its delta.
  static func openAIChunk(
    _ content: String?, finishReason: String? = nil, model: String = "gpt-4o-mini-2024-07-18"
  ) -> String {
    let contentJSON = content.map { "\"\(escape($0))\"" } ?? "null"
    let reason = finishReason.map { "\"\($0)\"" } ?? "null"
    return
      "data: {\"id\":\"chatcmpl-AbC123\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,"
      + "\"model\":\"\(model)\",\"system_fingerprint\":\"fp_44709d6fcb\",\"choices\":[{\"index\":0,"
      + "\"delta\":{\"content\":\(contentJSON)},\"logprobs\":null,\"finish_reason\":\(reason)}],"
      + "\"usage\":null}\n\n"
  }

  /// OpenAI's first chunk: the role, empty content and a refusal field.
  static let openAIRoleChunk =
    "data: {\"id\":\"chatcmpl-AbC123\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,"
    + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
    + "\"content\":\"\",\"refusal\":null},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n"

  /// The usage-only chunk `stream_options.include_usage` adds: `choices` is empty.
  static func usageChunk(prompt: Int, completion: Int) -> String {
    "data: {\"id\":\"chatcmpl-AbC123\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,"
      + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[],\"usage\":{\"prompt_tokens\":\(prompt),"
      + "\"completion_tokens\":\(completion),\"total_tokens\":\(prompt + completion),"
      + "\"prompt_tokens_details\":{\"cached_tokens\":0}}}\n\n"
  }

  /// The terminator.
  static let done = "data: [DONE]\n\n"

  /// OpenRouter's keep-alive comment.
  static let keepAlive = ": OPENROUTER PROCESSING\n\n"

  /// OpenRouter's mid-stream error: HTTP 200, an `error` beside `choices` whose finish
  /// reason is `error`.
  static let openRouterMidStreamError =
    "data: {\"id\":\"gen-1718000000-AbCdEf\",\"object\":\"chat.completion.chunk\","
    + "\"created\":1718000000,\"model\":\"openai/gpt-4o-mini\",\"provider\":\"OpenAI\","
    + "\"error\":{\"code\":\"server_error\",\"message\":\"Provider disconnected unexpectedly\"},"
    + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},\"finish_reason\":\"error\"}]}\n\n"

  /// A complete OpenAI stream whose reply is `parts` joined.
  static func openAIStream(_ parts: [String], usage: (Int, Int)? = (12, 3)) -> String {
    var text = openAIRoleChunk
    for part in parts { text += openAIChunk(part) }
    text += openAIChunk(nil, finishReason: "stop")
    if let usage { text += usageChunk(prompt: usage.0, completion: usage.1) }
    return text + done
  }

  /// Escapes `text` for a JSON string.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 {
          escaped += String(format: "\\u%04x", scalar.value)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// Decodes `text` in one push and returns every event, the `.finished` one included.
  static func decode(_ text: String, cause: AppError? = nil) -> [ChatStreamEvent] {
    decode(chunks: [Array(text.utf8)], cause: cause)
  }

  /// Decodes the chunks in order and returns every event.
  static func decode(chunks: [[UInt8]], cause: AppError? = nil) -> [ChatStreamEvent] {
    var decoder = ChatCompletionStreamDecoder()
    var events: [ChatStreamEvent] = []
    for chunk in chunks { decoder.push(chunk, into: &events) }
    decoder.finish(cause: cause, into: &events)
    return events
  }

  /// The reply the events build.
  static func reply(_ events: [ChatStreamEvent]) -> ChatCompletionReply {
    var reply = ChatCompletionReply()
    for event in events { reply.apply(event) }
    return reply
  }
}
