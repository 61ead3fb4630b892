import Storage

extension AppDependencies {
  /// What SQLite's quick check finds wrong with the database file (empty when it is sound,
  /// or when the data lives in memory); see `StorageDatabase.quickCheck(limit:)`.
  /// - Throws: `StorageError` when the check cannot read the file.
  public func databaseProblems() async throws -> [String] {
    guard let database else { return [] }
    return try await database.quickCheck()
  }
}
