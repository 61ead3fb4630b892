import AI

/// Recognizes a provider saying the conversation no longer fits the model's context
/// window, the one failure trimming harder can fix.
enum ContextOverflow {
  /// Codes providers use for it: OpenAI's and Kiln's proxy's.
  private static let codes: Set<String> = ["context_length_exceeded", "message_bounds"]

  /// Whether `outcome` says the request was too long for the model.
  static func isOverflow(_ outcome: ChatCompletionOutcome) -> Bool {
    switch outcome {
    case .httpError(let failure):
      if failure.status == 413 { return true }
      if let code = failure.code, codes.contains(code.rawValue) { return true }
      return failure.status == 400 && mentionsContextLength(failure.message)
    case .streamError(let error):
      if let code = error.code, codes.contains(code.rawValue) { return true }
      return mentionsContextLength(error.message)
    default:
      return false
    }
  }

  /// OpenRouter and llama.cpp describe it in words only ("maximum context length is …",
  /// "exceeds the context size").
  private static func mentionsContextLength(_ message: String?) -> Bool {
    guard let message = message?.lowercased() else { return false }
    return message.contains("context length") || message.contains("context size")
      || message.contains("context window")
  }
}
