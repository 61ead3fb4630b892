import Foundation

extension AIConfiguration {
  /// One line of the summary `kiln config` prints.
  public struct SummaryLine: Sendable, Equatable {
    /// What the line describes.
    public var name: String
    /// Its value, never a secret.
    public var value: String

    /// A line.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// What was selected, without secrets: the client, its endpoint (without credentials or
  /// query), the model, whether an API key is set (never the key), and the names (never the
  /// values) of extra headers.
  public var summary: [SummaryLine] {
    var lines: [SummaryLine] = []
    switch provider {
    case .proxy(let settings):
      lines.append(SummaryLine(name: "AI client", value: "Kiln proxy (ProxyLLMClient)"))
      let endpoint = settings.endpoint.map(Self.displayURL) ?? Self.displayURL(settings.baseURL)
      lines.append(SummaryLine(name: "Endpoint", value: endpoint))
      lines.append(
        SummaryLine(name: "Model", value: settings.model?.rawValue ?? "proxy default"))
      lines.append(SummaryLine(name: "Sign-in token", value: "sent as a bearer token"))
      lines.append(Self.headerLine(settings.defaultHeaders))
    case .direct(let settings):
      lines.append(
        SummaryLine(
          name: "AI client", value: "\(settings.kind.rawValue) (OpenAICompatibleClient)"))
      lines.append(
        SummaryLine(
          name: "Endpoint",
          value: Self.displayURL(settings.endpoint)))
      lines.append(
        SummaryLine(name: "Model", value: settings.model?.rawValue ?? "server default"))
      lines.append(
        SummaryLine(name: "API key", value: settings.apiKey == nil ? "not set" : "set"))
      lines.append(Self.headerLine(settings.defaultHeaders))
    case .echo(let reason):
      lines.append(SummaryLine(name: "AI client", value: "echo (EchoLLMClient)"))
      lines.append(SummaryLine(name: "Why", value: reason.description))
    }
    let models = catalogue.models.map(\.id.rawValue).joined(separator: ", ")
    lines.append(SummaryLine(name: "Models", value: models.isEmpty ? "none listed" : models))
    return lines
  }

  /// The summary as one line, for the log.
  public var logDescription: String {
    summary.map { "\($0.name): \($0.value)" }.joined(separator: "; ")
  }

  private static func headerLine(_ headers: [String: String]) -> SummaryLine {
    let names = headers.keys.sorted().joined(separator: ", ")
    return SummaryLine(name: "Extra headers", value: names.isEmpty ? "none" : names)
  }

  /// `url` without user, password, query or fragment.
  static func displayURL(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.host ?? "(unreadable URL)"
    }
    components.user = nil
    components.password = nil
    components.query = nil
    components.fragment = nil
    return components.string ?? url.host ?? "(unreadable URL)"
  }
}
