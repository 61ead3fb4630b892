import Foundation

extension KilnPaths {
  /// One of Kiln's own files, with the words that name it in an error.
  public struct OwnFile: Equatable, Sendable {
    /// Where it is.
    public var url: URL
    /// What it is, e.g. "Kiln's own database".
    public var role: String
  }

  /// Every file Kiln keeps for itself: the database with its `-wal`, `-shm` and `-journal`
  /// companions, the log, the secure store and its lock, the instance lock, the prompt
  /// history and the configuration file. A file the user names for output must never be one
  /// of these (see `UserFileWriter`).
  public var ownFiles: [OwnFile] {
    let database = database.path
    let secrets = secretsDirectory
    return [
      OwnFile(url: self.database, role: "Kiln's own database"),
      OwnFile(url: URL(fileURLWithPath: database + "-wal"), role: "part of Kiln's database"),
      OwnFile(url: URL(fileURLWithPath: database + "-shm"), role: "part of Kiln's database"),
      OwnFile(url: URL(fileURLWithPath: database + "-journal"), role: "part of Kiln's database"),
      OwnFile(url: logFile, role: "Kiln's log file"),
      OwnFile(
        url: secrets.appendingPathComponent("secure-store.json"),
        role: "Kiln's secure store"),
      OwnFile(url: secrets.appendingPathComponent("secure-store.lock"), role: "a Kiln lock file"),
      OwnFile(url: dataDirectory.appendingPathComponent("kiln.lock"), role: "a Kiln lock file"),
      OwnFile(url: dataDirectory.appendingPathComponent("history"), role: "Kiln's prompt history"),
      OwnFile(url: configFile, role: "Kiln's configuration file"),
    ]
  }
}
