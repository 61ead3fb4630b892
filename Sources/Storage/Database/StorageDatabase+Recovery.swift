import Foundation

extension StorageDatabase {
  /// The file name the app gives its database inside its data folder.
  public static let defaultFileName = "kiln.sqlite"

  /// Moves a database that cannot be opened (`StorageError.corrupted`) out of the way, with
  /// its `-wal` and `-shm` companions, so the app can start with a fresh one while the old
  /// file stays on disk for support or a later repair. Returns the new path of the main file.
  ///
  /// Never call it for `.newerSchema`: that file is fine, the app is just too old for it.
  /// - Parameters:
  ///   - path: the database file.
  ///   - suffix: appended after `.damaged-`, e.g. a timestamp from the injected clock.
  /// - Throws: `StorageError` when a file exists and cannot be moved.
  public static func moveAside(path: String, suffix: String) throws -> String {
    let target = "\(path).damaged-\(suffix)"
    let manager = FileManager.default
    for extensionName in ["", "-wal", "-shm"] where manager.fileExists(atPath: path + extensionName)
    {
      do {
        try manager.moveItem(atPath: path + extensionName, toPath: target + extensionName)
      } catch {
        throw StorageError.failed(code: 0, detail: "move aside \(extensionName): \(error)")
      }
    }
    return target
  }
}
