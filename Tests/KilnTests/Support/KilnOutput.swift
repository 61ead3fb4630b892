import Foundation
import TestSupport
import Testing

/// Reading what `kiln` printed, and pointing it at the loopback provider.
enum KilnOutput {
  /// The variables that make `kiln` use `server` as its OpenAI-compatible provider, plus
  /// `extra`.
  static func provider(
    _ server: LoopbackHTTPServer, _ extra: [String: String] = [:]
  ) -> [String: String] {
    var variables = [
      "OPENAI_BASE_URL": server.url("/v1").absoluteString, "KILN_MODEL": "loop-model",
    ]
    for (key, value) in extra { variables[key] = value }
    return variables
  }

  /// `output` as one JSON object.
  static func object(_ output: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(output.utf8))
    return try #require(value as? [String: Any], "one JSON object, got: \(output)")
  }

  /// The JSON object a request to the loopback provider carried.
  static func body(_ request: LoopbackRequest) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: request.body)
    return try #require(value as? [String: Any], "a JSON object body")
  }

  /// The columns of `/settings`' last row for `name`.
  static func settingsRow(_ name: String, in output: String) -> [String]? {
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("  \(name) ") })
    else { return nil }
    return line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
