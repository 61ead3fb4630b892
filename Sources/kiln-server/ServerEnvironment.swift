import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What serve does to the process and file system before it listens: the open-file limit
/// (decision 27) and the data directory (decision 26).
enum ServerEnvironment {
  /// The hard open-file limit, which `raiseOpenFileLimit` lifts the soft limit to.
  static func openFileHardLimit() -> Int {
    #if canImport(Glibc)
      var limit = rlimit()
      guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
      return limit.rlim_max == rlim_t.max ? 1_048_576 : Int(clamping: limit.rlim_max)
    #else
      return 1024
    #endif
  }

  /// Raises the soft open-file limit to the hard limit; returns the limit now in force.
  static func raiseOpenFileLimit() -> Int {
    #if canImport(Glibc)
      var limit = rlimit()
      guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
      let target = limit.rlim_max == rlim_t.max ? rlim_t(1_048_576) : limit.rlim_max
      if limit.rlim_cur < target {
        var raised = limit
        raised.rlim_cur = target
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(target) }
      }
      return Int(clamping: limit.rlim_cur)
    #else
      return 1024
    #endif
  }

  /// Creates the data directory owner-only (0700), or tightens an existing one to 0700;
  /// throws a sentence naming the path.
  static func prepareDataDirectory(_ path: String) throws(ServerStartError) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ServerStartError(message: "the data directory \(path) is a file, not a directory")
      }
    } else {
      do {
        try manager.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw ServerStartError(message: "cannot create the data directory \(path)")
      }
    }
    do {
      try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    } catch {
      throw ServerStartError(message: "cannot make the data directory \(path) owner-only")
    }
  }
}

/// A failure while starting (exit 1): the data directory, the listening address.
struct ServerStartError: Error {
  var message: String
}
