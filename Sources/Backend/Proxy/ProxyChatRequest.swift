import JOSE

/// A client's chat request after every content check (decision 5's body, or OpenAI's):
/// only the fields the proxy uses survive, so nothing else can reach the upstream.
struct ProxyChatRequest: Sendable {
  /// One conversation message; `role` is `user` or `assistant`.
  struct Message: Sendable, Equatable {
    var role: String
    var content: String
  }

  /// The allowed model asked for (an alias already resolved).
  var model: String
  var messages: [Message]
  var temperature: Double?
  /// The persona's prompt, when the request named one.
  var personaPrompt: String?
  var memories: [String]
  /// Whether the client asked for server-sent events.
  var stream: Bool

  /// The roles a client may send. `system` is refused (decision 7: the server's persona
  /// is the only system prompt), as are `tool`, `developer` and anything else.
  static let clientRoles: Set<String> = ["user", "assistant"]

  /// Reads and checks `body` in the contract's order: size (413 `too_large`), JSON shape
  /// (400 `invalid_request`), model (400 `invalid_model`), bounds (400 `message_bounds`),
  /// roles, persona (400 `invalid_request`) and memories (400 `message_bounds`). Unknown
  /// members are ignored.
  /// - Throws: the `APIError` of the first check that fails.
  static func parse(
    _ body: [UInt8], streamByDefault: Bool, configuration: ProxyConfiguration
  ) throws(APIError) -> ProxyChatRequest {
    guard body.count <= configuration.messageBounds.maximumBodyBytes else {
      throw .tooLarge(limit: configuration.messageBounds.maximumBodyBytes)
    }
    let members: [String: StrictJSONValue]
    do {
      members = try StrictJSONParser(maximumDepth: 16).parseObject(body)
    } catch {
      throw .invalidRequest("The body is not one JSON object.")
    }
    let shape = try Shape(members, streamByDefault: streamByDefault)
    guard let model = configuration.resolveModel(shape.model) else {
      throw APIError(
        status: 400, code: "invalid_model", message: "This model is not available here.")
    }
    try checkBounds(shape.messages, configuration.messageBounds)
    for message in shape.messages where !clientRoles.contains(message.role) {
      throw .invalidRequest(
        message.role == "system"
          ? "System messages are not accepted: the server applies the persona's prompt."
          : "Only user and assistant messages are accepted.")
    }
    var prompt: String?
    if let persona = shape.persona {
      guard let known = configuration.personas[persona] else {
        throw .invalidRequest("This persona is not known here.")
      }
      prompt = known
    }
    let memoryBounds = configuration.memoryBounds
    guard shape.memories.count <= memoryBounds.maximumCount,
      shape.memories.allSatisfy({ $0.unicodeScalars.count <= memoryBounds.maximumCharacters })
    else {
      throw .messageBounds(
        "At most \(memoryBounds.maximumCount) memories of "
          + "\(memoryBounds.maximumCharacters) characters each are accepted.")
    }
    return ProxyChatRequest(
      model: model, messages: shape.messages, temperature: shape.temperature,
      personaPrompt: prompt, memories: shape.memories, stream: shape.stream)
  }

  private static func checkBounds(
    _ messages: [Message], _ bounds: ProxyConfiguration.MessageBounds
  ) throws(APIError) {
    guard messages.count <= bounds.maximumMessages else {
      throw .messageBounds("At most \(bounds.maximumMessages) messages are accepted.")
    }
    var total = 0
    for message in messages {
      let characters = message.content.unicodeScalars.count
      guard characters <= bounds.maximumCharactersPerMessage else {
        throw .messageBounds(
          "A message may hold at most \(bounds.maximumCharactersPerMessage) characters.")
      }
      total += characters
    }
    guard total <= bounds.maximumTotalCharacters else {
      throw .messageBounds(
        "The conversation may hold at most \(bounds.maximumTotalCharacters) characters.")
    }
  }

  /// The body's members with the right JSON types, before any policy.
  private struct Shape {
    var model: String?
    var messages: [Message] = []
    var temperature: Double?
    var persona: String?
    var memories: [String] = []
    var stream: Bool

    init(_ members: [String: StrictJSONValue], streamByDefault: Bool) throws(APIError) {
      guard let list = members["messages"]?.arrayValue, !list.isEmpty else {
        throw .invalidRequest("messages must be a non-empty array.")
      }
      for item in list {
        guard let object = item.objectValue, let role = object["role"]?.stringValue,
          let content = object["content"]?.stringValue
        else {
          throw .invalidRequest("Each message needs a string role and a string content.")
        }
        messages.append(Message(role: role, content: content))
      }
      model = try Self.optional(members["model"], "model") { $0.stringValue }
      persona = try Self.optional(members["persona"], "persona") { $0.stringValue }
      temperature = try Self.optional(members["temperature"], "temperature") { value in
        value.numberValue.flatMap { (0...2).contains($0) ? $0 : nil }
      }
      stream =
        try Self.optional(members["stream"], "stream") { value -> Bool? in
          if case .bool(let flag) = value { return flag }
          return nil
        } ?? streamByDefault
      let memoryList = try Self.optional(members["memories"], "memories") { $0.arrayValue }
      for memory in memoryList ?? [] {
        guard let text = memory.stringValue else {
          throw .invalidRequest("memories must be an array of strings.")
        }
        memories.append(text)
      }
    }

    /// A member read by `read`; absent or `null` is `nil`, anything `read` refuses is an error.
    private static func optional<Value>(
      _ value: StrictJSONValue?, _ name: String, _ read: (StrictJSONValue) -> Value?
    ) throws(APIError) -> Value? {
      guard let value, value != .null else { return nil }
      guard let result = read(value) else {
        throw .invalidRequest("\(name) has the wrong type or is out of range.")
      }
      return result
    }
  }
}

extension APIError {
  /// 400 `invalid_request`.
  static func invalidRequest(_ message: String) -> APIError {
    APIError(status: 400, code: "invalid_request", message: message)
  }

  /// 400 `message_bounds`.
  static func messageBounds(_ message: String) -> APIError {
    APIError(status: 400, code: "message_bounds", message: message)
  }

  /// 413 `too_large`.
  static func tooLarge(limit: Int) -> APIError {
    APIError(status: 413, code: "too_large", message: "The body is larger than \(limit) bytes.")
  }
}
