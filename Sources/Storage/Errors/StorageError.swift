import Core

/// A failure inside Storage, typed so callers can react and mapped to `AppError` at the
/// module boundary (`AppError.from(_:)` understands it through `AppErrorConvertible`).
///
/// Payloads are technical detail for logs. They never contain message text, titles or
/// secrets, only names of things and database result codes.
public enum StorageError: Error, Equatable, Sendable {
  /// The disk or the database file is full; nothing was written.
  case diskFull
  /// The database or the secure store file is damaged or is not what it claims to be.
  case corrupted(String)
  /// The file is a SQLite database of another program (the payload says why); it was left
  /// untouched.
  case foreignDatabase(String)
  /// The database was written by a newer version of the app; it was left untouched.
  case newerSchema(found: Int, supported: Int)
  /// Another connection or process held a lock for longer than the busy timeout.
  case busy
  /// The file or its folder cannot be written (permissions, read-only volume).
  case readOnly(String)
  /// The record named in the payload does not exist.
  case notFound(String)
  /// A record with the same identifier already exists.
  case alreadyExists(String)
  /// Input the caller can fix was rejected; the payload is an English sentence.
  case invalidInput(String)
  /// A schema migration failed and was rolled back; the previous data is intact.
  case migrationFailed(version: Int, detail: String)
  /// The database is closed.
  case closed
  /// Someone else changed the data since the caller read it (another process added to the
  /// same conversation); nothing was written. The payload says what changed, for people.
  case conflict(String)
  /// Any other failure: the SQLite result code (or errno for files) and its description.
  case failed(code: Int, detail: String)
}

extension StorageError: AppErrorConvertible {
  /// The user-facing error: validation problems become `.validation`, everything else a
  /// `.storage` issue.
  public var appError: AppError {
    switch self {
    case .diskFull: return .storage(.diskFull)
    case .corrupted, .foreignDatabase: return .storage(.corrupted)
    case .newerSchema(let found, let supported):
      return .storage(.newerSchema(found: found, supported: supported))
    case .busy: return .storage(.busy)
    case .readOnly: return .storage(.readOnly)
    case .notFound: return .storage(.notFound)
    case .invalidInput(let message): return .validation(message: message)
    case .alreadyExists(let what): return .storage(.failed("already exists: \(what)"))
    case .migrationFailed(let version, let detail):
      return .storage(.failed("migration \(version): \(detail)"))
    case .closed: return .storage(.failed("database closed"))
    case .conflict(let message): return .validation(message: message)
    case .failed(let code, let detail): return .storage(.failed("\(code): \(detail)"))
    }
  }
}

extension StorageError: CustomStringConvertible {
  /// A developer-facing description for logs.
  public var description: String {
    switch self {
    case .diskFull: return "StorageError.diskFull"
    case .corrupted(let detail): return "StorageError.corrupted(\(detail))"
    case .foreignDatabase(let detail): return "StorageError.foreignDatabase(\(detail))"
    case .newerSchema(let found, let supported):
      return "StorageError.newerSchema(found: \(found), supported: \(supported))"
    case .busy: return "StorageError.busy"
    case .readOnly(let detail): return "StorageError.readOnly(\(detail))"
    case .notFound(let what): return "StorageError.notFound(\(what))"
    case .alreadyExists(let what): return "StorageError.alreadyExists(\(what))"
    case .invalidInput(let message): return "StorageError.invalidInput(\(message))"
    case .migrationFailed(let version, let detail):
      return "StorageError.migrationFailed(version: \(version), \(detail))"
    case .closed: return "StorageError.closed"
    case .conflict(let message): return "StorageError.conflict(\(message))"
    case .failed(let code, let detail): return "StorageError.failed(\(code): \(detail))"
    }
  }
}
