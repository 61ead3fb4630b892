import Core
import Foundation
import Localization
import Storage

/// The data folder or the database in it cannot be used; says which path, what is wrong
/// with it and what to do, because "Something went wrong" leaves a user nowhere to look.
///
/// These are failures at run time (exit status 1), not configuration errors: the same
/// folder works again once the file in the way is moved or the permissions are fixed.
public struct DataLocationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder or file concerned.
  public let path: String
  /// What is wrong, in plain words, naming `path`.
  public let problem: String
  /// What to do about it.
  public let fix: String

  public init(path: String, problem: String, fix: String) {
    self.path = path
    self.problem = problem
    self.fix = fix
  }

  /// `the data folder /x cannot be created (…). Fix: ….`, in the interface language (the
  /// problem and fix are worded in it when the error is made).
  public var description: String { L10n.Setup.text(.dataIssue, problem, fix) }

  /// The data folder at `path` could not be created or opened.
  static func folder(_ path: String, _ error: any Error) -> DataLocationError {
    DataLocationError(
      path: path,
      problem: L10n.Setup.text(.dataFolderUnusable, path, FileFailure.reason(error)),
      fix: L10n.Setup.text(.fixDataFolder))
  }

  /// The database at `path` could not be opened.
  static func database(_ path: String, _ error: any Error) -> DataLocationError {
    switch error as? StorageError {
    case .corrupted:
      return DataLocationError(
        path: path, problem: L10n.Setup.text(.databaseDamaged, path),
        fix: L10n.Setup.text(.fixDatabaseDamaged))
    case .foreignDatabase:
      return DataLocationError(
        path: path, problem: L10n.Setup.text(.databaseForeign, path),
        fix: L10n.Setup.text(.fixDatabaseForeign))
    case .readOnly:
      return DataLocationError(
        path: path, problem: L10n.Setup.text(.databaseReadOnly, path),
        fix: L10n.Setup.text(.fixDatabaseReadOnly))
    default:
      let reason = AppError.from(error).localizedUserMessage
      return DataLocationError(
        path: path, problem: L10n.Setup.text(.databaseUnopenable, path, reason),
        fix: L10n.Setup.text(.fixDatabaseUnopenable))
    }
  }
}

/// Plain words for why a file operation failed, from the system's error number: "it is a
/// folder", not "NSCocoaErrorDomain error 256".
public enum FileFailure {
  /// A short reason such as "no such file or folder" or "permission denied", in the
  /// interface language.
  public static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    // Foundation wraps the system's error; on Linux the wrapped value does not always bridge
    // with `as? NSError`, so it is taken as any error first.
    let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : underlying
    if let posix, posix.domain == NSPOSIXErrorDomain {
      switch posix.code {
      case Int(ENOENT): return L10n.Setup.text(.fileMissing)
      case Int(EACCES), Int(EPERM): return L10n.Setup.text(.filePermission)
      case Int(EISDIR): return L10n.Setup.text(.fileIsFolder)
      case Int(ENOTDIR): return L10n.Setup.text(.fileParentNotFolder)
      case Int(EEXIST): return L10n.Setup.text(.fileInTheWay)
      case Int(EROFS): return L10n.Setup.text(.fileReadOnly)
      case Int(ENOSPC): return L10n.Setup.text(.fileDiskFull)
      default: return posix.localizedDescription.lowercased()
      }
    }
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return L10n.Setup.text(.fileMissing)
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError:
      return L10n.Setup.text(.filePermission)
    case NSFileReadInapplicableStringEncodingError: return L10n.Setup.text(.fileNotUTF8)
    case NSFileWriteFileExistsError: return L10n.Setup.text(.fileInTheWay)
    default: return nsError.localizedDescription
    }
  }
}
