import Core

/// One sample or more for every `AppError` case and sub-kind, and the classification that
/// proves the list is complete.
///
/// `Kind.of(_:)` switches over every case without `default`, so a new `AppError` case,
/// `StorageIssue` or `NetworkFailureKind` stops this file compiling until it gets a kind;
/// the new kind then fails `samplesCoverEveryKind` until a sample exists.
enum AppErrorSamples {
  enum Kind: CaseIterable, Hashable {
    case networkOffline, networkTimeout, networkServer, networkClient, networkRedirectLoop
    case networkOther
    case decoding, unauthorized, apiKeyRejected, rateLimited, cancelled, validation
    case subscriptionRequired, freeQuotaExhausted, notConfigured
    case storageDiskFull, storageCorrupted, storageNewerSchema, storageBusy
    case storageReadOnly, storageNotFound, storageFailed
    case sessionExpired, notFound, payloadTooLarge, serviceUnavailable, unknown

    static func of(_ error: AppError) -> Kind {
      switch error {
      case .network:
        switch error.networkFailureKind {
        case .offline: return .networkOffline
        case .timeout: return .networkTimeout
        case .server: return .networkServer
        case .client: return .networkClient
        case .redirectLoop: return .networkRedirectLoop
        case .other, .none: return .networkOther
        }
      case .decoding: return .decoding
      case .unauthorized: return .unauthorized
      case .apiKeyRejected: return .apiKeyRejected
      case .rateLimited: return .rateLimited
      case .cancelled: return .cancelled
      case .validation: return .validation
      case .subscriptionRequired: return .subscriptionRequired
      case .freeQuotaExhausted: return .freeQuotaExhausted
      case .notConfigured: return .notConfigured
      case .storage(let issue):
        switch issue {
        case .diskFull: return .storageDiskFull
        case .corrupted: return .storageCorrupted
        case .newerSchema: return .storageNewerSchema
        case .busy: return .storageBusy
        case .readOnly: return .storageReadOnly
        case .notFound: return .storageNotFound
        case .failed: return .storageFailed
        }
      case .sessionExpired: return .sessionExpired
      case .notFound: return .notFound
      case .payloadTooLarge: return .payloadTooLarge
      case .serviceUnavailable: return .serviceUnavailable
      case .unknown: return .unknown
      }
    }
  }

  static let all: [AppError] = [
    .network(code: -1009, message: "Offline"),
    .network(code: -1020, message: nil),
    .network(code: 0, message: "The device is OFFLINE"),
    .network(code: -1001, message: "Timed out"),
    .network(code: -1007, message: "Number of redirects hit maximum amount"),
    .network(code: 0, message: "gateway timeout"),
    .network(code: 500, message: "Server error"),
    .network(code: 503, message: nil),
    .network(code: 400, message: "Bad request"),
    .network(code: 404, message: nil),
    .network(code: -1004, message: "Connection failed"),
    .network(code: -1, message: nil),
    .decoding,
    .unauthorized,
    .apiKeyRejected,
    .rateLimited(retryAfter: nil),
    .rateLimited(retryAfter: 30),
    .cancelled,
    .validation(message: "Missing REVENUECAT_API_KEY. Add to Config/Secrets.xcconfig"),
    .subscriptionRequired,
    .freeQuotaExhausted(remaining: 0),
    .freeQuotaExhausted(remaining: 3),
    .notConfigured("PROXY_BASE_URL"),
    .storage(.diskFull),
    .storage(.corrupted),
    .storage(.newerSchema(found: 9, supported: 4)),
    .storage(.busy),
    .storage(.readOnly),
    .storage(.notFound),
    .storage(.failed("SQLITE_IOERR")),
    .sessionExpired,
    .notFound,
    .payloadTooLarge,
    .serviceUnavailable(status: 502),
    .serviceUnavailable(status: 503),
    .unknown("POSIX 5"),
  ]
}
