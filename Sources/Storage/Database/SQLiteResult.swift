import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Maps SQLite result codes to `StorageError`.
enum SQLiteResult {
  /// The typed error for a failed call. `code` may be an extended result code;
  /// `systemErrno` is `sqlite3_system_errno` for I/O and open failures.
  static func error(code: Int32, message: String, systemErrno: Int32 = 0) -> StorageError {
    let primary = code & 0xFF
    switch primary {
    case SQLITE_FULL:
      return .diskFull
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return .corrupted("sqlite \(code): \(message)")
    case SQLITE_BUSY, SQLITE_LOCKED:
      return .busy
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
      return .readOnly("sqlite \(code): \(message)")
    case SQLITE_CANTOPEN:
      if [EACCES, EPERM, EROFS].contains(systemErrno) {
        return .readOnly("cannot open (errno \(systemErrno)): \(message)")
      }
      return .failed(code: Int(code), detail: "cannot open (errno \(systemErrno)): \(message)")
    case SQLITE_IOERR:
      if systemErrno == ENOSPC || systemErrno == EDQUOT { return .diskFull }
      if systemErrno == EROFS || systemErrno == EACCES { return .readOnly(message) }
      return .failed(code: Int(code), detail: "I/O error (errno \(systemErrno)): \(message)")
    case SQLITE_CONSTRAINT where code == constraintUnique || code == constraintPrimaryKey:
      return .alreadyExists(recordName(constraintMessage: message))
    case SQLITE_CONSTRAINT:
      return .failed(code: Int(code), detail: "constraint: \(message)")
    default:
      return .failed(code: Int(code), detail: message)
    }
  }

  /// The record kind a uniqueness failure is about, named as the in-memory twins name it:
  /// "UNIQUE constraint failed: messages.id" gives "message".
  static func recordName(constraintMessage message: String) -> String {
    let column = message.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
    let table = column?.split(separator: ".").first.map(String.init) ?? message
    switch table {
    case "conversations": return "conversation"
    case "messages": return "message"
    case "memories": return "memory"
    default: return table
    }
  }

  // Extended result codes are C macro expressions, which Swift does not import.
  private static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
  private static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
}
