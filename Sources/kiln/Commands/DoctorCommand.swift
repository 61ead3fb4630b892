import AI
import AppComposition
import Core
import Foundation
import Localization
import Networking
import Storage
import TerminalUI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `kiln doctor`: checks the configuration, the data folder and database, and whether the
/// configured AI provider answers. Exits 1 when any check fails.
enum DoctorCommand {
  struct Check: Encodable {
    let name: String
    let ok: Bool
    let detail: String
  }

  @MainActor
  static func run(_ context: CommandContext, _ dependencies: AppDependencies) async -> ExitStatus {
    let database = await database(dependencies)
    return await report(
      context, configuration: dependencies.configuration, database: database,
      provider: dependencies.ai.provider, clock: dependencies.clock)
  }

  /// The checks when the data folder or the database cannot be opened: that check fails with
  /// its reason, and the configuration and provider are still checked.
  @MainActor
  static func run(
    _ context: CommandContext, configuration: Configuration, dataFailure: DataLocationError
  ) async -> ExitStatus {
    let database = Check(name: "database", ok: false, detail: dataFailure.description)
    let provider: AIConfiguration.Provider
    do {
      provider = try AppDependencies.resolveAI(configuration).provider
    } catch {
      provider = .echo(reason: .other(error.description))
    }
    return await report(
      context, configuration: configuration, database: database, provider: provider,
      clock: .live)
  }

  @MainActor
  private static func report(
    _ context: CommandContext, configuration: Configuration, database: Check,
    provider: AIConfiguration.Provider, clock: AppClock
  ) async -> ExitStatus {
    var checks: [Check] = []
    let warnings = ConfigurationValidator.warnings(in: configuration)
    checks.append(
      Check(
        name: "configuration", ok: true,
        detail: warnings.isEmpty
          ? L10n.Terminal.Checks.doctorValid
          : L10n.Terminal.Checks.doctorValidWithWarnings(
            warnings.count,
            warnings.map { context.scrubber.scrub($0.description) }.joined(separator: "; "))))
    checks.append(database)
    let (providerCheck, models) = await Self.provider(provider, clock: clock)
    checks.append(providerCheck)
    if case .direct(let settings) = provider, let models {
      checks.append(Self.model(settings.model?.rawValue, among: models))
    }
    // Informational: the URLSession fallback still streams, only without flow control.
    checks.append(Check(name: "streams", ok: true, detail: streams(StreamTransport.current)))

    if context.wantsJSON {
      do { try context.printJSON(checks) } catch { return .failure }
    } else {
      for check in checks {
        let mark = check.ok ? "ok  " : L10n.Terminal.Checks.doctorFail
        context.console.output("\(mark) \(Self.label(check.name)): \(check.detail)\n")
      }
    }
    return checks.allSatisfy(\.ok) ? .success : .failure
  }

  /// What carries streamed replies, in the interface language.
  static func streams(_ transport: StreamTransport) -> String {
    switch transport {
    case .flowControlled(let version):
      let library = version.split(separator: " ").first.map(String.init) ?? "libcurl"
      return L10n.Setup.text(.streamsFlowControlled, library)
    case .urlSession(nil):
      return L10n.Setup.text(.streamsURLSession)
    case .urlSession(let reason?):
      return L10n.Setup.text(.streamsURLSessionBecause, reason)
    }
  }

  @MainActor
  private static func database(_ dependencies: AppDependencies) async -> Check {
    let path = dependencies.paths?.database.path ?? "memory"
    do {
      let conversations = try await ConversationLookup.all(dependencies)
      let problems = try await dependencies.databaseProblems()
      if let first = problems.first {
        // Listing conversations reads a few pages; messages on damaged ones fail later in
        // `show`, `search`, `export` and `ask`, so every page is read here.
        return Check(
          name: "database", ok: false,
          detail: L10n.Terminal.Checks.doctorDatabaseDamaged(path, problems.count, first))
      }
      return Check(
        name: "database", ok: true,
        detail: L10n.Terminal.Checks.doctorDatabaseHealthy(path, conversations.count))
    } catch StorageError.corrupted {
      return Check(
        name: "database", ok: false,
        detail: L10n.Terminal.Checks.doctorDatabaseUnreadable(path))
    } catch {
      return Check(
        name: "database", ok: false, detail: AppError.from(error).userMessage)
    }
  }

  /// Sends one GET to the provider: any HTTP answer proves the proxy is there; a direct
  /// provider must answer its model list (401/403 means the key was refused).
  @MainActor
  private static func provider(
    _ provider: AIConfiguration.Provider, clock: AppClock
  ) async
    -> (check: Check, models: [String]?)
  {
    switch provider {
    case .echo:
      return (
        Check(name: "AI provider", ok: true, detail: L10n.Terminal.Checks.doctorEcho), nil
      )
    case .direct(let settings):
      let place = Self.place(settings.baseURL)
      let answer = await ProviderModels.fetch(settings, clock: clock)
      return (
        directCheck(answer, place: place, path: settings.baseURL.path + "/models"),
        {
          if case .listed(let ids, _) = answer { return ids }
          return nil
        }()
      )
    case .proxy(let settings):
      let url = settings.endpoint ?? settings.baseURL
      let place = Self.place(url)
      let client = URLSessionHTTPClient(baseURL: nil, clock: clock)
      do {
        let response = try await client.send(
          HTTPRequest(url: url, method: .get).withTimeout(10))
        return (
          Check(
            name: "AI provider", ok: true,
            detail: L10n.Terminal.Checks.doctorAnswered(place, response.statusCode)),
          nil
        )
      } catch let error as HTTPError {
        guard let status = error.statusCode else {
          return (Check(name: "AI provider", ok: false, detail: "\(place): \(explain(error))"), nil)
        }
        // The proxy's endpoint takes only POST: a refusal of the GET still proves it is
        // there, a server error does not.
        let check = Check(
          name: "AI provider", ok: status < 500,
          detail: status < 500
            ? L10n.Terminal.Checks.doctorReachable(place, status)
            : L10n.Terminal.Checks.doctorAnswered(place, status))
        return (check, nil)
      } catch {
        return (Check(name: "AI provider", ok: false, detail: "\(place): \(explain(error))"), nil)
      }
    }
  }

  /// A check's name in the interface language; the JSON keeps the English names.
  private static func label(_ name: String) -> String {
    switch name {
    case "configuration": return L10n.Terminal.Checks.doctorConfiguration
    case "database": return L10n.Terminal.Checks.doctorDatabase
    case "AI provider": return L10n.Terminal.Checks.doctorProvider
    case "model": return L10n.Terminal.Checks.doctorModel
    case "streams": return L10n.Terminal.Checks.doctorStreams
    default: return name
    }
  }

  private static func place(_ url: URL) -> String {
    "\(url.scheme ?? "https")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
  }

  /// A direct provider's `GET /models` passes only as an OpenAI model list: a JSON object
  /// with a `data` array. A web page or another document at that address means the base
  /// URL points somewhere else.
  private static func directCheck(
    _ answer: ProviderModels.Answer, place: String, path: String
  ) -> Check {
    switch answer {
    case .listed(let ids, let status):
      return Check(
        name: "AI provider", ok: true,
        detail: L10n.Terminal.Checks.doctorListed(place, status, ids.count))
    case .notAList(let status, let type):
      let what =
        type.map { L10n.Terminal.Checks.doctorDocumentOfType($0) }
        ?? L10n.Terminal.Checks.doctorDocument
      return Check(
        name: "AI provider", ok: false,
        detail: L10n.Terminal.Checks.doctorNotAList(place, status, what))
    case .failed(_, let status?):
      let detail =
        status == 401 || status == 403
        ? L10n.Terminal.Checks.doctorKeyRefused(place, status)
        : L10n.Terminal.Checks.doctorAnsweredGet(place, status, path)
      return Check(name: "AI provider", ok: false, detail: detail)
    case .failed(let text, nil):
      return Check(name: "AI provider", ok: false, detail: "\(place): \(text)")
    }
  }

  /// Whether the configured model is one the provider lists. A provider that lists none
  /// cannot vouch either way, and with no model configured the provider chooses.
  static func model(_ configured: String?, among models: [String]) -> Check {
    guard let configured else {
      return Check(name: "model", ok: true, detail: L10n.Terminal.Checks.doctorNoModel)
    }
    let shown = TerminalSanitizer.singleLine(configured, limit: 80)
    guard !models.isEmpty else {
      return Check(
        name: "model", ok: true,
        detail: L10n.Terminal.Checks.doctorModelUnchecked(shown))
    }
    if models.contains(configured) {
      return Check(name: "model", ok: true, detail: L10n.Terminal.Checks.doctorModelListed(shown))
    }
    let examples = models.prefix(5).map { TerminalSanitizer.singleLine($0, limit: 60) }
      .joined(separator: ", ")
    let more = models.count > 5 ? ", …" : ""
    return Check(
      name: "model", ok: false,
      detail: L10n.Terminal.Checks.doctorModelMissing(
        shown, models.count, examples + more, AIConfiguration.Key.model))
  }

  /// The sentence for a failed check, with the transport's own words when it gave some
  /// ("Could not connect to the server."), which say more than the generic sentence.
  private static func explain(_ error: any Error) -> String {
    let appError = AppError.from(error)
    return appError.withTransportDetail(appError.userMessage)
  }
}
