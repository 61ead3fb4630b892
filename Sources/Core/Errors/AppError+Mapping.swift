import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A module error that knows its `AppError`. `AppError.from(_:)` uses it, so a typed error
/// thrown deep inside a module maps correctly wherever it is caught.
public protocol AppErrorConvertible: Error {
  /// The user-facing error this failure amounts to.
  var appError: AppError { get }
}

extension AppError {
  /// An `AppError` together with the technical detail of the error it came from, for logs.
  public struct Diagnosis: Equatable, Sendable {
    /// What the user is told.
    public let error: AppError
    /// What a developer needs to know: type, domain, code, coding path. Never shown to users.
    public let detail: String

    public init(error: AppError, detail: String) {
      self.error = error
      self.detail = detail
    }
  }

  /// Maps any error to an `AppError`: `AppError` itself, `AppErrorConvertible` module errors,
  /// `CancellationError`, `URLError`, `DecodingError`, `EncodingError` and `NSError` (URL,
  /// Cocoa file and POSIX domains). Anything else becomes `.unknown` with its description.
  public static func from(_ error: any Error) -> AppError {
    diagnose(error).error
  }

  /// Like `from(_:)`, and also returns the technical detail to log.
  public static func diagnose(_ error: any Error) -> Diagnosis {
    switch error {
    case let appError as AppError:
      return Diagnosis(error: appError, detail: appError.description)
    case let convertible as any AppErrorConvertible:
      return Diagnosis(error: convertible.appError, detail: String(describing: convertible))
    case is CancellationError:
      return Diagnosis(error: .cancelled, detail: "CancellationError")
    case let urlError as URLError:
      return Diagnosis(
        error: mapURLErrorCode(urlError.errorCode),
        detail: "URLError \(urlError.errorCode): \(urlError.localizedDescription)")
    case let decodingError as DecodingError:
      return Diagnosis(error: .decoding, detail: describe(decodingError))
    case let encodingError as EncodingError:
      return Diagnosis(error: .unknown("encoding"), detail: "EncodingError: \(encodingError)")
    default:
      let nsError = error as NSError
      return Diagnosis(
        error: map(nsError),
        detail: "\(nsError.domain) \(nsError.code): \(nsError.localizedDescription)")
    }
  }

  /// Maps a `URLError` code (the `NSURLErrorDomain` numbers) to an `AppError`.
  public static func mapURLErrorCode(_ code: Int) -> AppError {
    switch code {
    case -999: return .cancelled
    case -1009, -1020: return .network(code: code, message: "Offline")
    case -1001: return .network(code: code, message: "Timed out")
    case -1003, -1004, -1005, -1006: return .network(code: code, message: "Connection failed")
    case -1206 ... -1200: return .network(code: code, message: "Secure connection failed")
    default: return .network(code: code, message: nil)
    }
  }

  private static func map(_ error: NSError) -> AppError {
    switch error.domain {
    case NSURLErrorDomain:
      return mapURLErrorCode(error.code)
    case NSCocoaErrorDomain:
      switch error.code {
      case NSFileWriteOutOfSpaceError: return .storage(.diskFull)
      case NSFileWriteNoPermissionError, NSFileWriteVolumeReadOnlyError,
        NSFileReadNoPermissionError:
        return .storage(.readOnly)
      case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return .storage(.notFound)
      case NSFileReadCorruptFileError: return .storage(.corrupted)
      case NSCoderReadCorruptError, NSCoderValueNotFoundError: return .decoding
      case NSUserCancelledError: return .cancelled
      default: return .unknown("\(error.domain) \(error.code)")
      }
    case NSPOSIXErrorDomain:
      switch Int32(error.code) {
      case ENOSPC, EDQUOT: return .storage(.diskFull)
      case EACCES, EPERM, EROFS: return .storage(.readOnly)
      case ENOENT: return .storage(.notFound)
      case ECANCELED: return .cancelled
      case ETIMEDOUT: return .network(code: -1001, message: "Timed out")
      case ENETDOWN, ENETUNREACH, EHOSTUNREACH:
        return .network(code: -1009, message: "Offline")
      case ECONNREFUSED, ECONNRESET:
        return .network(code: -1004, message: "Connection failed")
      default: return .unknown("POSIX \(error.code)")
      }
    default:
      return .unknown("\(error.domain) \(error.code)")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return keys.isEmpty ? "<root>" : keys.joined(separator: ".")
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "DecodingError.typeMismatch(\(type)) at \(path(context)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "DecodingError.valueNotFound(\(type)) at \(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "DecodingError.keyNotFound(\(key.stringValue)) at \(path(context))"
    case .dataCorrupted(let context):
      return "DecodingError.dataCorrupted at \(path(context)): \(context.debugDescription)"
    @unknown default:
      return "DecodingError: \(error)"
    }
  }
}
