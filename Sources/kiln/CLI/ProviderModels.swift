import AI
import Core
import Foundation
import Networking

/// A direct provider's own model list (`GET {base}/models`), read once and kept for the
/// session: `/model` lists it beside the configured models, and `kiln doctor` checks the
/// configured model against it.
@MainActor
final class ProviderModels {
  /// What one read found.
  enum Answer: Equatable, Sendable {
    /// The ids the provider listed (possibly none), and the status it answered with.
    case listed([String], status: Int)
    /// The provider answered, but not with an OpenAI model list.
    case notAList(status: Int, contentType: String?)
    /// No answer: a transport failure or an HTTP error status, in words.
    case failed(String, status: Int?)
  }

  private let read: @Sendable () async -> Answer
  private var cached: Answer?

  /// A list read by `read` on first use.
  init(read: @escaping @Sendable () async -> Answer) {
    self.read = read
  }

  /// The list of `provider`, or `nil` for the echo model and the proxy (which publishes no
  /// list at its path).
  static func of(_ provider: AIConfiguration.Provider, clock: AppClock) -> ProviderModels? {
    guard case .direct(let settings) = provider else { return nil }
    return ProviderModels { await fetch(settings, clock: clock) }
  }

  /// The answer, read on the first call and kept after a success.
  func answer() async -> Answer {
    if let cached { return cached }
    let answer = await read()
    if case .listed = answer { cached = answer }
    return answer
  }

  /// The ids, or `nil` when the provider gave no list.
  func ids() async -> [String]? {
    if case .listed(let ids, _) = await answer() { return ids }
    return nil
  }

  /// One `GET {base}/models` with the key, at most 10 seconds.
  nonisolated static func fetch(
    _ settings: DirectProviderSettings, clock: AppClock
  ) async
    -> Answer
  {
    var request = HTTPRequest(url: settings.baseURL.appendingPathComponent("models"), method: .get)
    if let key = settings.apiKey { request = request.withHeader("Authorization", "Bearer \(key)") }
    request = request.withTimeout(10)
    let client = URLSessionHTTPClient(baseURL: nil, clock: clock)
    do {
      let response = try await client.send(request)
      return parse(
        response.data, status: response.statusCode, contentType: response.headers["Content-Type"])
    } catch let error as HTTPError {
      let appError = AppError.from(error)
      return .failed(appError.withTransportDetail(appError.userMessage), status: error.statusCode)
    } catch {
      let appError = AppError.from(error)
      return .failed(appError.withTransportDetail(appError.userMessage), status: nil)
    }
  }

  /// An OpenAI model list is a JSON object with a `data` array of objects with an `id`.
  nonisolated static func parse(_ data: Data, status: Int, contentType: String?) -> Answer {
    let object = try? JSONSerialization.jsonObject(with: data)
    guard let models = (object as? [String: Any])?["data"] as? [Any] else {
      let type = contentType?.split(separator: ";").first.map(String.init)
      return .notAList(status: status, contentType: type)
    }
    return .listed(models.compactMap { ($0 as? [String: Any])?["id"] as? String }, status: status)
  }
}
