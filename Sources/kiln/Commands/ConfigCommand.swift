import AI
import AppComposition
import Core
import FeatureChat
import Foundation

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
        "config": paths.configFile.path + (exists(paths.configFile) ? "" : " (not present)"),
        "data": paths.dataDirectory.path, "database": paths.database.path,
        "secrets": paths.secretsDirectory.path,
      ],
      warnings: ConfigurationValidator.warnings(in: configuration).map {
        context.scrubber.scrub($0.description)
      })
    if context.wantsJSON {
      try context.printJSON(report)
    } else {
      context.console.output(text(report))
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
          key.isSecret ? "(set, \(entry.value.count) characters)" : scrubber.scrub(entry.value)
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
      accounts = "mock (development build; set AUTH_BYPASS=0 for real accounts)"
      payments = "mock subscriptions (development build)"
    } else {
      accounts =
        configuration.isSet(.supabaseURL)
        ? "Supabase at \(configuration.value(.supabaseURL) ?? "")"
        : "not configured (set SUPABASE_URL and SUPABASE_ANON_KEY)"
      payments =
        configuration.isSet(.revenueCatAPIKey)
        ? "RevenueCat (entitlement \(configuration.value(.revenueCatEntitlementID) ?? "pro"))"
        : "not configured (set REVENUECAT_API_KEY)"
    }
    let policy = AppDependencies.freeTierPolicy(configuration)
    return [
      Report.Line(name: "Accounts", value: accounts),
      Report.Line(name: "Subscriptions", value: payments),
      Report.Line(
        name: "Free messages", value: PlanFacts.freeMessages(policy, ownProvider: ownProvider)),
    ]
  }

  private static func text(_ report: Report) -> String {
    var text = ""
    for line in report.ai + report.services {
      text += "\(line.name.padding(toLength: 16, withPad: " ", startingAt: 0))\(line.value)\n"
    }
    text += "\nFiles:\n"
    for name in ["config", "data", "database", "secrets"] {
      text +=
        "  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))\(report.paths[name] ?? "")\n"
    }
    text += "\nValues:\n"
    if report.values.isEmpty { text += "  (none set; kiln uses the echo model)\n" }
    for key in ConfigurationKey.all {
      guard let value = report.values[key.name] else { continue }
      let shown = value.value ?? "(hidden)"
      let note = value.status == "set" ? "" : " [\(value.status), ignored]"
      text += "  \(key.name) = \(shown)\(note)   (from \(value.origin))\n"
    }
    if !report.warnings.isEmpty {
      text += "\nWarnings:\n" + report.warnings.map { "  - \($0)\n" }.joined()
    }
    return text
  }

  private static func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
  }
}
