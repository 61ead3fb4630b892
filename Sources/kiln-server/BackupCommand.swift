import Backend
import Foundation

/// `kiln-server backup FILE [--force]`: a consistent copy of the SQLite store, also while
/// `serve` runs on it (decision 26). PostgreSQL deployments use `pg_dump`.
enum BackupCommand {
  static func run(_ options: ServerCommandLine.Options, _ settings: ServerSettings) -> Int32 {
    guard options.arguments.count == 1, let file = options.arguments.first, !file.isEmpty else {
      return ServerCommandLine.usageFailure("backup needs one FILE: backup FILE [--force]")
    }
    let location = settings.storeLocation
    guard case .sqlite(let directory) = location else {
      return ServerCommandLine.usageFailure(
        "backup copies the SQLite store, but DATABASE_URL points this server at PostgreSQL; "
          + "back that up with pg_dump (for example pg_dump --format=custom --file FILE "
          + "\"$DATABASE_URL\")")
    }
    let store = directory.appendingPathComponent(SQLiteServerStore.defaultFileName).path
    do {
      let size = try SQLiteStoreBackup.write(from: store, to: file, replacing: options.force)
      ServerCommandLine.write(
        "kiln-server: backed up \(location) to \(file) (\(size) bytes)\n", to: .standardOutput)
      return 0
    } catch {
      switch error {
      case .destinationExists, .destinationIsTheStore:
        return ServerCommandLine.usageFailure(error.description)
      case .noStore, .unwritable, .failed:
        ServerCommandLine.write("kiln-server: \(error)\n", to: .standardError)
        return 1
      }
    }
  }
}
