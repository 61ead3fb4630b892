/// What one `data:` payload of a chat-completion stream said about the first choice.
///
/// Only choice 0 is read: Kiln never asks for more than one (`n` is not sent), and a
/// provider that sends others anyway has them skipped.
struct ChatCompletionChunk: Equatable, Sendable {
  /// The `model` field.
  var model: String?
  /// `delta.content` (text, or the text parts of an array of content parts).
  var content: String?
  /// `delta.reasoning`, or `delta.reasoning_content` when the former is absent.
  var reasoning: String?
  /// `delta.tool_calls`, in order.
  var toolCallFragments: [ToolCallFragment] = []
  /// `finish_reason`.
  var finishReason: String?
  /// `usage`.
  var usage: TokenUsage?
  /// A top-level `error` (with or without `choices`).
  var error: ProviderError?
}

/// One element of `delta.tool_calls`: a piece of a call, merged with the others by `index`.
struct ToolCallFragment: Equatable, Sendable {
  /// The call's position in the reply; some providers leave it out.
  var index: Int?
  /// The call's id, usually only in its first fragment.
  var id: String?
  /// The function name, usually only in the first fragment.
  var name: String?
  /// The next piece of the arguments' JSON text.
  var arguments: String?
}
