import Core

/// The development client used until a provider is configured: it streams the last user
/// message back, word by word, and ignores every other message, as the seed's echo does.
///
/// Each word is sent with the whitespace before it, after `delay` on the injected clock,
/// so the chunks join back into the exact message. The reply names the model `echo`,
/// finishes with `stop`, and reports an estimated `TokenUsage` so a usage meter works in
/// echo mode: `estimatedTokens(in:)` per message (every message sent counts toward the
/// prompt, as a real provider would bill the system prompt too; the echoed text is the
/// completion).
public struct EchoLLMClient: ChatCompletionStreaming, LLMClient {
  /// The pause before each word.
  public let delay: Duration
  private let clock: AppClock

  /// An echo that waits `delay` on `clock` before each word.
  public init(clock: AppClock, delay: Duration = .milliseconds(40)) {
    self.clock = clock
    self.delay = delay
  }

  /// Streams the last user message back; see the type's summary.
  public func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    let text = request.messages.last { $0.role == .user }?.content ?? ""
    let promptTokens = request.messages.reduce(0) { $0 + Self.estimatedTokens(in: $1.content) }
    let usage = TokenUsage(
      promptTokens: promptTokens, completionTokens: Self.estimatedTokens(in: text))
    let words = Self.words(of: text)
    let clock = clock
    let delay = delay
    return ChatCompletionStream {
      EchoEventSource(words: words, usage: usage, clock: clock, delay: delay)
    }
  }

  /// The rule of thumb the echo uses for token counts: one token per four bytes of UTF-8,
  /// rounded up (OpenAI's guide gives about four characters of English per token; counting
  /// bytes also gives scripts such as Japanese a count closer to real tokenizers').
  public static func estimatedTokens(in text: String) -> Int {
    (text.utf8.count + 3) / 4
  }

  /// Splits `text` into words that each carry the whitespace before them; the first word
  /// also carries leading whitespace, the last one trailing whitespace.
  static func words(of text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    for character in text {
      if character.isWhitespace {
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      } else {
        inWord = true
      }
      current.append(character)
    }
    if !current.isEmpty {
      if inWord || words.isEmpty {
        words.append(current)
      } else {
        words[words.count - 1] += current
      }
    }
    return words
  }
}

/// The echo's events: start, model, one word per delay, usage, finish.
private struct EchoEventSource: ChatStreamEventSource {
  let words: [String]
  let usage: TokenUsage
  let clock: AppClock
  let delay: Duration
  var step = 0

  mutating func next() async -> ChatStreamEvent? {
    defer { step += 1 }
    switch step {
    case 0: return .started(ChatResponseInfo())
    case 1: return .model(.echo)
    case let index where index - 2 < words.count:
      do {
        try await clock.sleep(delay)
      } catch {
        step = words.count + 3
        return .finished(.cancelled)
      }
      return .content(words[index - 2])
    case words.count + 2: return .usage(usage)
    case words.count + 3: return .finished(.completed(finishReason: .stop))
    default: return nil
    }
  }
}
