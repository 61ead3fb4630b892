import AI
import AppComposition
import Core
import FeatureChat
import Foundation
import Localization

/// `kiln config`: the effective configuration, where each value came from, the AI client it
/// selects, and the files kiln uses. Secret values are never printed.
enum ConfigCommand {
  struct Report: Encodable {
    struct Value: Encodable {
      let value: String?
      let origin: String
      let status: String
    }
    struct Line: Encodable {
      let name: String
      let value: String
    }
    let values: [String: Value]
    let ai: [Line]
    let services: [Line]
    let paths: [String: String]
    let warnings: [String]
  }

  @MainActor
  static func run(configuration: Configuration, _ context: CommandContext) throws -> ExitStatus {
    let ai = try AppDependencies.resolveAI(configuration)
    let paths = context.environment.paths
    let flags = FeatureFlags.resolve(
      configuration, isDevelopmentBuild: context.environment.isDevelopmentBuild)
    let report = Report(
      values: values(configuration, scrubber: context.scrubber),
      ai: ai.summary.map { Report.Line(name: $0.name, value: $0.value) },
      services: services(
        configuration, flags: flags, ownProvider: PlanFacts.isOwnProvider(ai.provider)),
      paths: [
        "config": paths.configFile.path
          + (exists(paths.configFile) ? "" : " " + L10n.Terminal.Checks.configNotPresent),
        "data": paths.dataDirectory.path, "database": paths.database.path,
        "secrets": paths.secretsDirectory.path,
      ],
      warnings: ConfigurationValidator.warnings(in: configuration).map {
        context.scrubber.scrub($0.description)
      })
    if context.wantsJSON {
      try context.printJSON(report)
    } else {
      context.console.output(text(report, why: why(ai.provider)))
    }
    return .success
  }

  /// Every value that is set, secrets hidden. Values of other keys go through `scrubber`
  /// too: the extra-header objects carry `Authorization` and `apikey` headers.
  private static func values(
    _ configuration: Configuration, scrubber: SecretScrubber
  ) -> [String: Report.Value] {
    var result: [String: Report.Value] = [:]
    for key in ConfigurationKey.all {
      guard let entry = configuration.entry(key) else { continue }
      let status: String
      let shown: String?
      if configuration.value(key) == nil {
        status = entry.value.trimmingCharacters(in: .whitespaces).isEmpty ? "empty" : "placeholder"
        shown = key.isSecret ? nil : entry.value
      } else {
        status = "set"
        shown =
          key.isSecret
          ? L10n.Terminal.Checks.configSecretSet(entry.value.count) : scrubber.scrub(entry.value)
      }
      result[key.name] = Report.Value(
        value: shown, origin: entry.origin.description, status: status)
    }
    return result
  }

  private static func services(
    _ configuration: Configuration, flags: FeatureFlags, ownProvider: Bool
  )
    -> [Report.Line]
  {
    let accounts: String
    let payments: String
    if flags.usesMockServices {
      accounts = L10n.Terminal.Checks.configMockAccounts
      payments = L10n.Terminal.Checks.configMockPayments
    } else {
      accounts =
        configuration.isSet(.supabaseURL)
        ? L10n.Terminal.Checks.configSupabaseAt(configuration.value(.supabaseURL) ?? "")
        : L10n.Terminal.Checks.configAccountsMissing
      payments =
        configuration.isSet(.revenueCatAPIKey)
        ? L10n.Terminal.Checks.configRevenueCat(
          configuration.value(.revenueCatEntitlementID) ?? "pro")
        : L10n.Terminal.Checks.configPaymentsMissing
    }
    let policy = AppDependencies.freeTierPolicy(configuration)
    return [
      Report.Line(name: "Accounts", value: accounts),
      Report.Line(name: "Subscriptions", value: payments),
      Report.Line(
        name: "Free messages", value: PlanFacts.freeMessages(policy, ownProvider: ownProvider)),
    ]
  }

  /// Why the echo model answers, in the interface language; the JSON keeps the English.
  private static func why(_ provider: AIConfiguration.Provider) -> String? {
    guard case .echo(let reason) = provider else { return nil }
    return reason.localizedDescription
  }

  private static func text(_ report: Report, why: String?) -> String {
    var text = ""
    for line in report.ai + report.services {
      let name = Self.label(line.name)
      let value = line.name == "Why" ? why ?? line.value : Self.word(line.value)
      text += "\(name.padding(toLength: 16, withPad: " ", startingAt: 0))\(value)\n"
    }
    text += "\n\(L10n.Terminal.Checks.configFiles)\n"
    for name in ["config", "data", "database", "secrets"] {
      text +=
        "  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))\(report.paths[name] ?? "")\n"
    }
    text += "\n\(L10n.Terminal.Checks.configValues)\n"
    if report.values.isEmpty { text += "  \(L10n.Terminal.Checks.configNoneSet)\n" }
    for key in ConfigurationKey.all {
      guard let value = report.values[key.name] else { continue }
      let shown = value.value ?? L10n.Terminal.Checks.configHidden
      let note =
        value.status == "set" ? "" : " " + L10n.Terminal.Checks.configIgnored(status(value.status))
      text +=
        "  \(key.name) = \(shown)\(note)   \(L10n.Terminal.Checks.configFrom(origin(value.origin)))\n"
    }
    if !report.warnings.isEmpty {
      text +=
        "\n\(L10n.Terminal.Checks.configWarnings)\n"
        + report.warnings.map { "  - \($0)\n" }.joined()
    }
    return text
  }

  /// The JSON keeps its words stable for scripts; the text shows them in the interface
  /// language.
  private static func status(_ status: String) -> String {
    switch status {
    case "empty": return L10n.Terminal.Checks.configStatusEmpty
    case "placeholder": return L10n.Terminal.Checks.configStatusPlaceholder
    default: return status
    }
  }

  /// Where a value came from, in the interface language; a file is named by its path.
  private static func origin(_ origin: String) -> String {
    switch origin {
    case ConfigurationOrigin.environment.description:
      return L10n.Terminal.Checks.configOriginEnvironment
    case ConfigurationOrigin.commandLine.description:
      return L10n.Terminal.Checks.configOriginCommandLine
    default: return origin
    }
  }

  /// A line's name in the interface language. The AI module names its summary lines in
  /// English (they go to the log too); the JSON keeps those names.
  private static func label(_ name: String) -> String {
    let labels = [
      "AI client": L10n.Terminal.Checks.configAIClient,
      "Endpoint": L10n.Terminal.Checks.configEndpoint,
      "Model": L10n.Terminal.Checks.configModel,
      "Sign-in token": L10n.Terminal.Checks.configSignInToken,
      "API key": L10n.Terminal.Checks.configAPIKey,
      "Extra headers": L10n.Terminal.Checks.configExtraHeaders,
      "Why": L10n.Terminal.Checks.configWhy, "Models": L10n.Terminal.Checks.configModels,
      "Accounts": L10n.Terminal.Checks.configAccounts,
      "Subscriptions": L10n.Terminal.Checks.configSubscriptions,
      "Free messages": L10n.Terminal.Checks.configFreeMessages,
    ]
    return labels[name] ?? name
  }

  /// The fixed values of the AI summary in the interface language; others as they are.
  private static func word(_ value: String) -> String {
    let words = [
      "proxy default": L10n.Terminal.Checks.configProxyDefault,
      "server default": L10n.Terminal.Checks.configServerDefault,
      "sent as a bearer token": L10n.Terminal.Checks.configBearerToken,
      "not set": L10n.Terminal.Checks.configNotSet, "set": L10n.Terminal.Checks.configSet,
      "none": L10n.Terminal.Checks.configNone, "none listed": L10n.Terminal.Checks.configNoneListed,
    ]
    return words[value] ?? value
  }

  private static func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
  }
}
