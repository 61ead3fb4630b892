/// A model the app can offer: its id, the name people see, and how many tokens it reads.
public struct ModelInfo: Sendable, Equatable, Hashable {
  /// The id sent to the provider.
  public var id: ModelID
  /// The name shown in a model picker.
  public var displayName: String
  /// The context window in tokens, when known; FeatureChat trims history to fit it.
  public var contextWindow: Int?

  /// A model with the given parts; the display name defaults to the id.
  public init(id: ModelID, displayName: String? = nil, contextWindow: Int? = nil) {
    self.id = id
    self.displayName = displayName ?? id.rawValue
    self.contextWindow = contextWindow
  }
}

/// The models the app offers, in display order, with the one used by default.
public struct ModelCatalogue: Sendable, Equatable {
  /// The models, in display order, without duplicate ids.
  public private(set) var models: [ModelInfo]
  /// The model used when the user picked none; `nil` lets the server choose.
  public var defaultModel: ModelID?

  /// A catalogue of `models` (later duplicates of an id are dropped).
  public init(models: [ModelInfo], defaultModel: ModelID?) {
    self.models = []
    self.defaultModel = defaultModel
    for model in models { add(model, replacing: false) }
  }

  /// The seed's two models through OpenRouter (the ids Kiln's proxy allows), GPT-3.5 Turbo
  /// by default as in the seed's proxy.
  public static let defaults = ModelCatalogue(
    models: [
      ModelInfo(id: .gpt35Turbo, displayName: "GPT-3.5 Turbo", contextWindow: 16_385),
      ModelInfo(id: .gpt4oMini, displayName: "GPT-4o mini", contextWindow: 128_000),
    ],
    defaultModel: .gpt35Turbo)

  /// The same two models under OpenAI's own ids, for `api.openai.com`.
  public static let openAI = ModelCatalogue(
    models: [
      ModelInfo(id: "gpt-4o-mini", displayName: "GPT-4o mini", contextWindow: 128_000),
      ModelInfo(id: "gpt-3.5-turbo", displayName: "GPT-3.5 Turbo", contextWindow: 16_385),
    ],
    defaultModel: "gpt-4o-mini")

  /// The echo client's only model.
  public static let echo = ModelCatalogue(
    models: [ModelInfo(id: .echo, displayName: "Echo")], defaultModel: .echo)

  /// The model with `id`, if listed.
  public func model(_ id: ModelID) -> ModelInfo? {
    models.first { $0.id == id }
  }

  /// Adds `model` at the end, or replaces the listed model with its id in place when
  /// `replacing` is true (keeping the listed one otherwise).
  public mutating func add(_ model: ModelInfo, replacing: Bool = true) {
    if let index = models.firstIndex(where: { $0.id == model.id }) {
      if replacing { models[index] = model }
    } else {
      models.append(model)
    }
  }

  /// The catalogue with `entries` first, in their order, followed by this catalogue's
  /// models that they do not name; an entry replaces the model with its id.
  public func extended(with entries: [ModelInfo]) -> ModelCatalogue {
    var merged = ModelCatalogue(models: entries, defaultModel: defaultModel)
    for model in models { merged.add(model, replacing: false) }
    return merged
  }
}
