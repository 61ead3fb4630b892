import Core
import Foundation
import Networking

/// Why a sync round failed. Kept (`SyncStatus.lastFailure`) across restarts, so every case
/// is `Codable`; words for people come from Localization through `AppError`.
public enum SyncError: Error, Sendable, Equatable, Hashable, Codable {
  /// Nobody is signed in: the token provider has no token.
  case notSignedIn
  /// The token provider failed; the payload names the error's type, never a token.
  case tokenUnavailable(String)
  /// The server refused the access token, also after asking for a fresh one.
  case unauthorized(PostgRESTError)
  /// The server refused the call (a bound, a malformed change, a store failure).
  case refused(PostgRESTError)
  /// No answer: offline, refused, dropped or timed out. `code` is an `NSURLErrorDomain`
  /// code.
  case transport(code: Int, message: String)
  /// The answer broke the contract; nothing of it was applied.
  case invalidReply(SyncWireError)
  /// An outbox item could not be sent; nothing of the batch was sent.
  case invalidChange(SyncWireError)
  /// The journal failed; the payload is Storage's error, for logs.
  case storage(String)
  /// The round was cancelled (sign-out, shutdown).
  case cancelled
}

extension SyncError {
  /// The error a failed HTTP exchange amounts to.
  static func from(_ error: any Error) -> SyncError {
    switch error {
    case let error as SyncError: return error
    case let error as HTTPError:
      switch error {
      case .transport(let code, let message): return .transport(code: code, message: message)
      case .cancelled: return .cancelled
      case .invalidRequest(let reason):
        return .transport(code: URLErrorCode.unknown, message: "invalid request: \(reason)")
      case .status(let response, _):
        let refusal = PostgRESTError(status: response.statusCode, body: response.data)
        return response.statusCode == 401 ? .unauthorized(refusal) : .refused(refusal)
      }
    case is CancellationError: return .cancelled
    default:
      return .transport(code: URLErrorCode.unknown, message: "\(type(of: error))")
    }
  }

  /// Whether the next round may succeed without anyone doing anything (the server or the
  /// network came back); the scheduler backs off either way.
  public var isTransient: Bool {
    switch self {
    case .transport, .cancelled, .storage: return true
    case .refused(let refusal): return refusal.status >= 500 || refusal.status == 429
    default: return false
    }
  }
}

extension SyncError: AppErrorConvertible {
  /// The user-facing error.
  public var appError: AppError {
    switch self {
    case .notSignedIn, .unauthorized: return .unauthorized
    case .tokenUnavailable: return .sessionExpired
    case .refused(let refusal):
      switch refusal.status {
      case 429: return .rateLimited(retryAfter: nil)
      case 413: return .payloadTooLarge
      case 500...: return .serviceUnavailable(status: refusal.status)
      default: return .network(code: refusal.status, message: refusal.code)
      }
    case .transport(let code, _): return AppError.mapURLErrorCode(code)
    case .invalidReply: return .decoding
    case .invalidChange(let problem): return .unknown(problem.description)
    case .storage(let detail): return .storage(.failed(detail))
    case .cancelled: return .cancelled
    }
  }
}

extension SyncError: CustomStringConvertible {
  /// A line for logs, without tokens or row content.
  public var description: String {
    switch self {
    case .notSignedIn: "not signed in"
    case .tokenUnavailable(let kind): "no token: \(kind)"
    case .unauthorized(let refusal): "unauthorized (\(refusal))"
    case .refused(let refusal): "refused (\(refusal))"
    case .transport(let code, let message): "transport \(code): \(message)"
    case .invalidReply(let problem): "invalid reply: \(problem)"
    case .invalidChange(let problem): "invalid change: \(problem)"
    case .storage(let detail): "storage: \(detail)"
    case .cancelled: "cancelled"
    }
  }
}
