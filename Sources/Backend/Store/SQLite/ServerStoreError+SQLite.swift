import Storage

extension ServerStoreError {
  /// The store error for a failure of the SQLite file at `path`: everything the file cannot
  /// answer is `.unavailable` with a reason an operator can act on, so the proxy refuses.
  init(sqlite error: any Error, path: String) {
    switch error {
    case let error as ServerStoreError:
      self = error
    case let error as StorageError:
      self = .unavailable(Self.reason(error, path: path))
    default:
      self = .unavailable("\(path): \(error)")
    }
  }

  private static func reason(_ error: StorageError, path: String) -> String {
    switch error {
    case .busy:
      return "\(path) stayed locked by another connection for longer than the busy timeout"
    case .diskFull:
      return "the disk holding \(path) is full"
    case .corrupted(let detail):
      return "\(path) is damaged or not a database (\(detail))"
    case .foreignDatabase(let detail):
      return "\(path) is not a kiln-server database (\(detail)); it was left untouched"
    case .newerSchema(let found, let supported):
      return
        "\(path) has schema version \(found), newer than this kiln-server knows (\(supported))"
    case .readOnly(let detail):
      return "\(path) cannot be written (\(detail))"
    case .migrationFailed(let version, let detail):
      return "migration \(version) of \(path) failed and was rolled back: \(detail)"
    case .closed:
      return "\(path) is closed"
    case .failed(let code, let detail):
      return "\(path): SQLite error \(code): \(detail)"
    case .notFound(let what), .alreadyExists(let what), .invalidInput(let what),
      .conflict(let what):
      return "\(path): \(what)"
    }
  }
}
