extension StorageDatabase {
  /// How far an acknowledged write survives.
  ///
  /// Kiln's default is `.processCrash`: the promise is that an acknowledged message
  /// survives the app being killed, which WAL with `synchronous = NORMAL` keeps without an
  /// fsync per message, so an append costs the same on a slow disk as on a fast one. Apps
  /// that must also survive power loss choose `.powerLoss` and pay one fsync per commit.
  public enum Durability: String, Sendable, CaseIterable {
    /// `synchronous = FULL`: every commit is flushed to the disk (fsync of the WAL) before
    /// the call returns, so an acknowledged write survives the process being killed, the
    /// app crashing, and power loss or an OS crash (on disks that honour fsync).
    case powerLoss
    /// `synchronous = NORMAL`: a commit reaches the OS before the call returns, so it
    /// survives the process being killed or crashing, but the last commits before a power
    /// loss or OS crash may roll back (the file stays consistent).
    case processCrash

    var synchronousPragma: String {
      switch self {
      case .powerLoss: return "FULL"
      case .processCrash: return "NORMAL"
      }
    }
  }

  /// How a database is opened.
  public struct Options: Sendable, Equatable {
    /// How durable an acknowledged write is; `.processCrash` by default.
    public var durability: Durability
    /// How long a statement waits for another connection's lock before failing with
    /// `StorageError.busy`.
    public var busyTimeout: Duration
    /// The page cache size of the connection, in KiB.
    public var cacheSizeKiB: Int
    /// Whether to open without writing anything: no migration, no WAL switch, no stamp.
    /// For reading a database in a folder Kiln may not write (SQLite then cannot create the
    /// `-shm` index, so the file is opened as immutable: read it while nothing writes it).
    public var isReadOnly: Bool

    /// Options with Kiln's defaults: process-crash durability, a 5 s busy timeout and an
    /// 8 MiB page cache.
    public init(
      durability: Durability = .processCrash, busyTimeout: Duration = .seconds(5),
      cacheSizeKiB: Int = 8192, isReadOnly: Bool = false
    ) {
      self.durability = durability
      self.busyTimeout = busyTimeout
      self.cacheSizeKiB = cacheSizeKiB
      self.isReadOnly = isReadOnly
    }
  }
}
