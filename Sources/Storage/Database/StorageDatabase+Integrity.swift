extension StorageDatabase {
  /// What SQLite's `PRAGMA quick_check` finds wrong with the file: damaged pages, broken
  /// b-trees, rows out of order. Empty when the file is sound.
  ///
  /// Opening a database reads only its first page and schema, so a file whose other pages
  /// are damaged opens and lists conversations while reading their messages fails; this
  /// reads every page. It takes about as long as reading the file once.
  /// - Parameter limit: the most problems reported.
  /// - Throws: `StorageError.corrupted` when the check itself cannot read the file,
  ///   `StorageError` for other failures.
  public func quickCheck(limit: Int = 10) throws -> [String] {
    try read { connection in
      try connection.query("PRAGMA quick_check(\(max(1, limit)))") { $0.string(0) }
    }
    .filter { $0 != "ok" }
  }
}
