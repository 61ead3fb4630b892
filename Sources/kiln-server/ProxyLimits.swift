import AI
import Backend
import Foundation

/// The proxy's bounds, aliases and personas as kiln-server reads them (issue #17 item 6);
/// the names are the ones `ProxyConfiguration.Key` gives.
extension SettingKey {
  static let proxyMaxTokens = SettingKey(
    name: "PROXY_MAX_TOKENS", summary: "max_tokens the server sets on every request")
  static let proxyMaxMessages = SettingKey(
    name: "PROXY_MAX_MESSAGES", summary: "most messages in one request")
  static let proxyMaxMessageCharacters = SettingKey(
    name: "PROXY_MAX_MESSAGE_CHARACTERS", summary: "most characters in one message")
  static let proxyMaxTotalCharacters = SettingKey(
    name: "PROXY_MAX_TOTAL_CHARACTERS", summary: "most characters in all messages together")
  static let proxyMaxBodyBytes = SettingKey(
    name: "PROXY_MAX_BODY_BYTES", summary: "largest AI request body, in bytes (then 413)")
  static let proxyMaxMemories = SettingKey(
    name: "PROXY_MAX_MEMORIES", summary: "most memories a request may carry")
  static let proxyMaxMemoryCharacters = SettingKey(
    name: "PROXY_MAX_MEMORY_CHARACTERS", summary: "most characters in one memory")
  static let proxyKeepAlive = SettingKey(
    name: "PROXY_KEEP_ALIVE", summary: "upstream silence before a ': keep-alive' comment")
  static let upstreamRetries = SettingKey(
    name: "UPSTREAM_RETRIES", summary: "retries before the first byte (connect, 429, 5xx)")
  static let modelAliases = SettingKey(
    name: "MODEL_ALIASES", summary: "comma-separated ALIAS=MODEL pairs clients may use")
  static let personas = SettingKey(
    name: "PERSONAS", summary: "a file of ID = PROMPT lines, added to the built-in personas")

  static let proxyLimitKeys: [SettingKey] = [
    proxyMaxTokens, proxyMaxMessages, proxyMaxMessageCharacters, proxyMaxTotalCharacters,
    proxyMaxBodyBytes, proxyMaxMemories, proxyMaxMemoryCharacters, proxyKeepAlive,
    upstreamRetries, modelAliases, personas,
  ]
}

/// The values those keys give.
struct ProxyLimits: Equatable {
  var maxTokens: Int
  var maxMessages: Int
  var maxMessageCharacters: Int
  var maxTotalCharacters: Int
  var maxBodyBytes: Int
  var maxMemories: Int
  var maxMemoryCharacters: Int
  var keepAlive: Duration
  var upstreamRetries: Int
  var modelAliases: [String: String]
  /// The built-in personas, with the `PERSONAS` file's added or replacing them.
  var personas: [String: String]

  static func resolve(
    _ resolver: inout ServerSettings.Resolver
  ) throws(ServerConfigurationError) -> ProxyLimits {
    let aliases =
      try resolver.parsed(.modelAliases, expected: "ALIAS=MODEL pairs separated by commas") {
        value throws(ValueProblem) in try Self.aliases(value)
      } ?? [:]
    let extra =
      try resolver.parsed(.personas, expected: "a readable file of ID = PROMPT lines") {
        value throws(ValueProblem) in try Self.personas(fromFile: value)
      } ?? [:]
    // The defaults are the proxy's own, so kiln-server and Backend cannot drift apart.
    let bounds = ProxyConfiguration.MessageBounds.standard
    let memories = ProxyConfiguration.MemoryBounds.standard
    return ProxyLimits(
      maxTokens: try resolver.integer(
        .proxyMaxTokens, default: ProxyConfiguration.defaultMaxTokens, in: 1...1_000_000),
      maxMessages: try resolver.integer(
        .proxyMaxMessages, default: bounds.maximumMessages, in: 1...100_000),
      maxMessageCharacters: try resolver.integer(
        .proxyMaxMessageCharacters, default: bounds.maximumCharactersPerMessage,
        in: 1...100_000_000),
      maxTotalCharacters: try resolver.integer(
        .proxyMaxTotalCharacters, default: bounds.maximumTotalCharacters, in: 1...1_000_000_000),
      maxBodyBytes: try resolver.integer(
        .proxyMaxBodyBytes, default: bounds.maximumBodyBytes, in: 1_024...(1 << 30)),
      maxMemories: try resolver.integer(
        .proxyMaxMemories, default: memories.maximumCount, in: 0...10_000),
      maxMemoryCharacters: try resolver.integer(
        .proxyMaxMemoryCharacters, default: memories.maximumCharacters, in: 1...1_000_000),
      keepAlive: try resolver.duration(
        .proxyKeepAlive, default: ProxyConfiguration.defaultKeepAliveInterval),
      upstreamRetries: try resolver.integer(
        .upstreamRetries, default: ProxyConfiguration.defaultRetryBudget, in: 0...5),
      modelAliases: aliases,
      personas: BuiltInPersonas.promptsByID.merging(extra) { $1 })
  }

  /// `fast=openai/gpt-4o-mini, smart=anthropic/claude-3.5-sonnet`.
  static func aliases(_ text: String) throws(ValueProblem) -> [String: String] {
    var result: [String: String] = [:]
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
        !parts.joined().contains(where: \.isWhitespace)
      else { throw ValueProblem(reason: "'\(pair)' is not ALIAS=MODEL") }
      guard result[parts[0]] == nil else {
        throw ValueProblem(reason: "the alias \(parts[0]) is given twice")
      }
      result[parts[0]] = parts[1]
    }
    return result
  }

  /// `ID = PROMPT` lines (`#` starts a comment line; `\n` in a prompt is a line break),
  /// at most 256 KiB.
  static func personas(fromFile path: String) throws(ValueProblem) -> [String: String] {
    let url = URL(fileURLWithPath: path)
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      throw ValueProblem(reason: "\(path) cannot be read")
    }
    defer { try? handle.close() }
    let limit = 256 * 1024
    guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit,
      let text = String(data: data, encoding: .utf8)
    else { throw ValueProblem(reason: "\(path) is not UTF-8 text of at most 256 KiB") }
    var result: [String: String] = [:]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let parts = line.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
        parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      else { throw ValueProblem(reason: "\(path):\(index + 1) is not ID = PROMPT") }
      result[parts[0]] = parts[1].replacingOccurrences(of: "\\n", with: "\n")
    }
    return result
  }
}
