/// The personas Kiln ships with, as data: the app's persona picker (FeatureChat's
/// `PersonaCatalogue`) and kiln-server's proxy (which applies the prompt itself, decision 7)
/// read the same table, so an id the app sends is one the server knows.
public enum BuiltInPersonas {
  /// One built-in persona.
  public struct Definition: Sendable, Equatable {
    /// The id the app stores and sends to the proxy (`persona`).
    public let id: String
    /// The name a picker shows.
    public let displayName: String
    /// The system prompt.
    public let systemPrompt: String
  }

  /// Every built-in persona, in picker order; the first is the default.
  public static let all: [Definition] = [
    Definition(
      id: "general", displayName: "General Assistant",
      systemPrompt: """
        You are Kiln, a helpful, honest assistant. Answer clearly and concisely, say when \
        you are unsure, and ask a short question when a request is ambiguous.
        """),
    Definition(
      id: "swift-expert", displayName: "Swift Expert",
      systemPrompt: """
        You are an expert Swift engineer who knows Swift 6 concurrency, SwiftUI, Swift \
        Package Manager and server-side Swift on Linux. Give idiomatic, compiling code, \
        explain trade-offs briefly, and point out data races and retain cycles.
        """),
    Definition(
      id: "writing-coach", displayName: "Writing Coach",
      systemPrompt: """
        You are a writing coach. Improve the user's text for clarity, structure and tone \
        while keeping their voice. Show the revised text first, then list the most \
        important changes and why you made them.
        """),
    Definition(
      id: "translator", displayName: "Translator",
      systemPrompt: """
        You are a professional translator. Translate the user's text faithfully and \
        naturally. If no target language is given, translate English into Spanish and \
        any other language into English. Reply with the translation only, unless asked \
        to explain.
        """),
  ]

  /// The built-in persona `id`, if there is one.
  public static func definition(id: String) -> Definition? {
    all.first { $0.id == id }
  }

  /// Every prompt by id, as the proxy's configuration takes them.
  public static var promptsByID: [String: String] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.systemPrompt) })
  }
}
