import Foundation
import JOSE
import Networking

/// Reads the upstream's event stream one event at a time and says what to do with each:
/// forward a chunk, finish, or fail. It keeps what the ledger and a non-streaming answer
/// need (generation id, usage, finish reason, the reply's text), never more.
struct UpstreamChunkInterpreter: Sendable {
  /// What one upstream event means for the client.
  enum Step: Sendable, Equatable {
    /// Send this JSON chunk as `data: …`.
    case forward(String)
    /// Nothing to send (an event of another type).
    case skip
    /// The upstream sent `[DONE]`.
    case done
    /// The upstream failed mid-stream (an error object, `finish_reason: "error"`, or a chunk
    /// that is not a JSON object); the reply must end with an error event.
    case failed(String)
  }

  private(set) var generationID: String?
  private(set) var model: String?
  private(set) var created: Double?
  private(set) var promptTokens: Int?
  private(set) var completionTokens: Int?
  private(set) var finishReason: String?
  /// Whether a chunk carried any of the reply (text, reasoning or a tool call), so the
  /// client has been shown something: after that a failure gives nothing back.
  private(set) var hasRelayedContent = false
  /// The reply's text, kept only when `collectsText` (non-streaming answers).
  private(set) var text = ""
  let collectsText: Bool
  private let parser = StrictJSONParser(maximumDepth: 32)
  /// The chunk being interpreted; every chunk is read into this one document, so its
  /// storage is reused.
  private var chunk = StrictJSONDocument()

  init(collectsText: Bool) {
    self.collectsText = collectsText
  }

  /// Interprets one event.
  mutating func step(_ event: ServerSentEvent) -> Step {
    guard event.type == ServerSentEvent.defaultType else { return .skip }
    if event.data == "[DONE]" { return .done }
    // Read in place, without a tree, into the storage of the chunk before: this runs for
    // every chunk of every stream.
    do {
      try chunk.read(event.data, maximumDepth: parser.maximumDepth)
    } catch {
      return .failed("The model provider sent a malformed chunk.")
    }
    let root = chunk.root
    guard chunk.isObject(root) else { return .failed("The model provider sent a malformed chunk.") }
    if let error = chunk.member("error", of: root), !chunk.isNull(error) {
      return .failed("The model provider failed while answering.")
    }
    if generationID == nil { generationID = chunk.member("id", of: root).flatMap(chunk.string) }
    if model == nil { model = chunk.member("model", of: root).flatMap(chunk.string) }
    if created == nil { created = chunk.member("created", of: root).flatMap(chunk.number) }
    if let usage = chunk.member("usage", of: root), chunk.isObject(usage) {
      let prompt = chunk.member("prompt_tokens", of: usage).flatMap(chunk.number)
      let completion = chunk.member("completion_tokens", of: usage).flatMap(chunk.number)
      promptTokens = prompt.flatMap(Self.count) ?? promptTokens
      completionTokens = completion.flatMap(Self.count) ?? completionTokens
    }
    for choice in chunk.member("choices", of: root).map(chunk.elements) ?? chunk.elements(of: nil) {
      guard chunk.isObject(choice) else { continue }
      if let reason = chunk.member("finish_reason", of: choice).flatMap(chunk.string) {
        if reason == "error" { return .failed("The model provider failed while answering.") }
        finishReason = reason
      }
      let delta = chunk.member("delta", of: choice).flatMap { chunk.isObject($0) ? $0 : nil }
      if !hasRelayedContent, let delta, Self.carriesContent(delta, in: chunk) {
        hasRelayedContent = true
      }
      if collectsText, let content = delta.flatMap({ chunk.member("content", of: $0) }),
        let text = chunk.string(content)
      {
        self.text += text
      }
    }
    // A chunk spread over several `data:` lines holds line breaks; one line keeps the
    // client's framing simple, and re-serialising yields the same JSON value.
    let forwarded =
      Self.holdsLineFeed(event.data) ? JSONText.serialize(chunk.value(root)) : event.data
    return .forward(forwarded)
  }

  /// Whether `text` holds a line feed: `memchr` over its bytes, as this runs for every
  /// chunk (the generic `contains` over its UTF-8 view, a byte at a time, took about a sixth
  /// of the relay's own time).
  private static func holdsLineFeed(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let start = bytes.baseAddress else { return false }
      return memchr(start, Int32(UInt8(ascii: "\n")), bytes.count) != nil
    }
  }

  /// Takes in a whole `chat.completion` object, the upstream's answer to a non-streaming
  /// request: `.completed` when it holds a reply, `.upstreamError` when it is not a JSON
  /// object, carries an error, or has no message.
  mutating func absorbCompletion(_ bytes: [UInt8]) -> ReplyStatus {
    let members: [String: StrictJSONValue]
    do {
      members = try parser.parseObject(bytes)
    } catch {
      return .upstreamError
    }
    if let error = members["error"], error != .null { return .upstreamError }
    generationID = members["id"]?.stringValue
    model = members["model"]?.stringValue
    created = members["created"]?.numberValue
    if let usage = members["usage"]?.objectValue {
      promptTokens = usage["prompt_tokens"]?.numberValue.flatMap(Self.count)
      completionTokens = usage["completion_tokens"]?.numberValue.flatMap(Self.count)
    }
    var answered = false
    for choice in members["choices"]?.arrayValue ?? [] {
      guard let object = choice.objectValue, let message = object["message"]?.objectValue
      else { continue }
      let reason = object["finish_reason"]?.stringValue
      if reason == "error" { return .upstreamError }
      finishReason = reason ?? finishReason
      if collectsText, let content = message["content"]?.stringValue { text += content }
      answered = true
    }
    return answered ? .completed : .upstreamError
  }

  /// Whether the stream may end here as a finished reply: a finish reason arrived and no
  /// event was left half-read (the `[DONE]` itself is then optional).
  var hasFinished: Bool { finishReason != nil }

  /// Whether a delta holds some of the reply: non-empty text or reasoning, or a tool call.
  private static func carriesContent(_ delta: Int, in chunk: StrictJSONDocument) -> Bool {
    for key in ["content", "reasoning", "reasoning_content"] {
      if let text = chunk.member(key, of: delta), chunk.isNonEmptyString(text) { return true }
    }
    if let calls = chunk.member("tool_calls", of: delta),
      chunk.elements(of: calls).contains(where: { _ in true })
    {
      return true
    }
    return false
  }

  private static func count(_ number: Double) -> Int? {
    number >= 0 && number < 1e15 ? Int(number) : nil
  }
}

/// Kiln's own SSE framing for the client (decision 5).
enum ProxyEventFrames {
  /// `data: <json>` and the blank line.
  static func data(_ json: String) -> [UInt8] {
    var frame: [UInt8] = []
    appendData(json, to: &frame)
    return frame
  }

  /// `data`, appended to the frames a relay sends at once: no array of its own per chunk
  /// (the batch grows as arrays grow, twofold, so many chunks copy it only a few times).
  static func appendData(_ json: String, to frames: inout [UInt8]) {
    frames.append(contentsOf: "data: ".utf8)
    frames.append(contentsOf: json.utf8)
    frames.append(0x0A)
    frames.append(0x0A)
  }
  /// The end of a finished reply.
  static let done = Array("data: [DONE]\n\n".utf8)
  /// The comment that keeps idle connections open.
  static let keepAlive = Array(": keep-alive\n\n".utf8)

  /// A terminal error event: `data: {"error":{"code":…,"message":…}}`, never followed by
  /// `[DONE]`, so a failed reply can never look finished.
  static func error(code: String, message: String) -> [UInt8] {
    data(
      JSONText.serialize(
        .object(["error": .object(["code": .string(code), "message": .string(message)])])))
  }
}
