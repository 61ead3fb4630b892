import AI
import Core
import FeatureChat
import Foundation
import Localization

/// The one JSON object `kiln ask --json` prints when the reply ends. Absent values are
/// omitted, never `null`.
struct AskJSON: Encodable {
  struct Usage: Encodable {
    let promptTokens: Int
    let completionTokens: Int
    let totalTokens: Int

    enum CodingKeys: String, CodingKey {
      case promptTokens = "prompt_tokens"
      case completionTokens = "completion_tokens"
      case totalTokens = "total_tokens"
    }
  }

  struct Tool: Encodable {
    let index: Int
    let id: String
    let type = "function"
    let name: String
    let arguments: String
  }

  struct Failure: Encodable {
    let code: String
    let message: String
    let status: Int?
    let retryAfter: Double?

    enum CodingKeys: String, CodingKey {
      case code, message, status
      case retryAfter = "retry_after"
    }
  }

  let conversationID: String?
  let content: String?
  let reasoning: String?
  let finishReason: String?
  let outcome: String
  let model: String?
  let usage: Usage?
  let toolCalls: [Tool]?
  let error: Failure?

  enum CodingKeys: String, CodingKey {
    case content, reasoning, outcome, model, usage, error
    case conversationID = "conversation_id"
    case finishReason = "finish_reason"
    case toolCalls = "tool_calls"
  }

  init(_ result: ReplyResult, conversationKept: Bool = true, scrubber: SecretScrubber) {
    let reply = result.reply
    outcome = Self.outcome(reply.outcome, error: result.error)
    // A conversation discarded because its only message was turned away is not named; a
    // request that failed before its stream has no content to show.
    conversationID = conversationKept ? result.conversationID.uuidString.lowercased() : nil
    content = outcome == "http_error" && reply.content.isEmpty ? nil : reply.content
    reasoning = reply.reasoning.isEmpty ? nil : reply.reasoning
    finishReason = reply.finishReason?.rawValue
    model = reply.model?.rawValue
    usage = reply.usage.map {
      Usage(
        promptTokens: $0.promptTokens, completionTokens: $0.completionTokens,
        totalTokens: $0.totalTokens)
    }
    toolCalls =
      reply.toolCalls.isEmpty
      ? nil
      : reply.toolCalls.enumerated().map {
        Tool(
          index: $0.offset, id: $0.element.id, name: $0.element.name,
          arguments: $0.element.arguments)
      }
    error = result.error.map { Self.failure($0, outcome: reply.outcome, scrubber: scrubber) }
  }

  /// The outcome name: how the stream ended, or `http_error` when no stream began (the
  /// server refused, or the request never left: offline, the free tier used up).
  private static func outcome(_ outcome: ChatCompletionOutcome?, error: AppError?) -> String {
    switch outcome {
    case .completed: return error == nil ? "completed" : "incomplete"
    case .streamError: return "stream_error"
    case .incomplete, .cancelled: return "incomplete"
    case .httpError, .failed, .none: return "http_error"
    }
  }

  /// The error as reported: the provider's own code and message when it sent them, else
  /// Kiln's sentence with the transport's detail (such as "Could not connect to the server.").
  static func failure(
    _ error: AppError, outcome: ChatCompletionOutcome?, scrubber: SecretScrubber
  ) -> Failure {
    var code = error.code
    var message = error.localizedUserMessage
    var status: Int?
    var retryAfter: Double?
    switch outcome {
    case .httpError(let failure):
      status = failure.status
      retryAfter = failure.retryAfter
      if let provided = failure.code { code = provided.rawValue }
      if let text = failure.message, !text.isEmpty { message = text }
    case .streamError(let provider):
      if let provided = provider.code { code = provided.rawValue }
      if !provider.message.isEmpty { message = provider.message }
    default:
      if case .rateLimited(let seconds) = error { retryAfter = seconds }
      message = error.withTransportDetail(message)
    }
    // Providers quote the key they refused; it must not reach a terminal or a log.
    return Failure(
      code: code, message: scrubber.scrub(message), status: status, retryAfter: retryAfter)
  }
}
