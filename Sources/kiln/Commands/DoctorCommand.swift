import AI
import AppComposition
import Core
import Foundation
import Networking
import Storage

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
      provider = .echo(reason: error.description)
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
          ? "valid"
          : "valid, \(warnings.count) warning(s): "
            + warnings.map { context.scrubber.scrub($0.description) }.joined(separator: "; ")))
    checks.append(database)
    checks.append(await Self.provider(provider, clock: clock))
    // Informational: the URLSession fallback still streams, only without flow control.
    checks.append(Check(name: "streams", ok: true, detail: StreamTransport.current.description))

    if context.wantsJSON {
      do { try context.printJSON(checks) } catch { return .failure }
    } else {
      for check in checks {
        context.console.output("\(check.ok ? "ok  " : "FAIL") \(check.name): \(check.detail)\n")
      }
    }
    return checks.allSatisfy(\.ok) ? .success : .failure
  }

  @MainActor
  private static func database(_ dependencies: AppDependencies) async -> Check {
    do {
      let conversations = try await ConversationLookup.all(dependencies)
      let path = dependencies.paths?.database.path ?? "memory"
      return Check(
        name: "database", ok: true,
        detail: "\(path): \(conversations.count) conversation(s), readable and writable")
    } catch {
      return Check(
        name: "database", ok: false, detail: AppError.from(error).userMessage)
    }
  }

  /// Sends one GET to the provider: any HTTP answer proves it is reachable; 401/403 from a
  /// direct provider means the key was refused.
  @MainActor
  private static func provider(
    _ provider: AIConfiguration.Provider, clock: AppClock
  ) async
    -> Check
  {
    let url: URL
    var request: HTTPRequest
    switch provider {
    case .echo:
      return Check(name: "AI provider", ok: true, detail: "echo model (no provider configured)")
    case .proxy(let settings):
      url = settings.endpoint ?? settings.baseURL
      request = HTTPRequest(url: url, method: .get)
    case .direct(let settings):
      url = settings.baseURL.appendingPathComponent("models")
      request = HTTPRequest(url: url, method: .get)
      if let key = settings.apiKey {
        request = request.withHeader("Authorization", "Bearer \(key)")
      }
    }
    request = request.withTimeout(10)
    let client = URLSessionHTTPClient(baseURL: nil, clock: clock)
    let place = "\(url.scheme ?? "https")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
    do {
      let response = try await client.send(request)
      return Check(
        name: "AI provider", ok: true, detail: "\(place) answered \(response.statusCode)")
    } catch let error as HTTPError {
      guard let status = error.statusCode else {
        return Check(name: "AI provider", ok: false, detail: "\(place): \(explain(error))")
      }
      if case .direct = provider, status == 401 || status == 403 {
        return Check(
          name: "AI provider", ok: false, detail: "\(place) refused the API key (\(status))")
      }
      return Check(
        name: "AI provider", ok: true, detail: "\(place) is reachable (answered \(status))")
    } catch {
      return Check(name: "AI provider", ok: false, detail: "\(place): \(explain(error))")
    }
  }

  /// The sentence for a failed check, with the transport's own words when it gave some
  /// ("Could not connect to the server."), which say more than the generic sentence.
  private static func explain(_ error: any Error) -> String {
    let appError = AppError.from(error)
    return appError.withTransportDetail(appError.userMessage)
  }
}
