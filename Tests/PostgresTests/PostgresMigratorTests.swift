import Postgres
import Testing

@Suite struct PostgresMigratorTests {
  private static let migrations = [
    PostgresMigration(
      version: 1, name: "create runs",
      sql: "CREATE TABLE runs (migration int NOT NULL); INSERT INTO runs VALUES (1)"),
    PostgresMigration(
      version: 2, name: "add notes",
      sql: "CREATE TABLE notes (id int PRIMARY KEY); INSERT INTO runs VALUES (2)"),
    PostgresMigration(version: 3, name: "seed", sql: "INSERT INTO runs VALUES (3)"),
  ]

  @Test func migrationsApplyOnceAndARerunDoesNothing() async throws {
    let connection = try await connectToNewDatabase()
    let migrator = try PostgresMigrator(migrations: Array(Self.migrations.reversed()))
    #expect(try await migrator.migrate(connection) == [1, 2, 3])
    #expect(try await migrator.migrate(connection) == [])
    let runs = try await connection.query("SELECT migration FROM runs ORDER BY migration").rows
    #expect(try runs.map { try $0.decode(Int.self, at: 0) } == [1, 2, 3])
    let recorded = try await connection.query(
      "SELECT version, name FROM schema_migrations ORDER BY version"
    ).rows
    #expect(
      try recorded.map { try $0.decode(String.self, named: "name") } == [
        "create runs", "add notes", "seed",
      ])
  }

  @Test func twoRunnersStartedAtOnceApplyEachMigrationExactlyOnce() async throws {
    let configuration = try await makeTestDatabase()
    let migrator = try PostgresMigrator(migrations: Self.migrations)
    let first = try await PostgresConnection.connect(configuration)
    let second = try await PostgresConnection.connect(configuration)
    async let firstApplied = migrator.migrate(first)
    async let secondApplied = migrator.migrate(second)
    let applied = try await [firstApplied, secondApplied]
    #expect(applied.flatMap { $0 }.sorted() == [1, 2, 3])
    let runs = try await first.query("SELECT migration FROM runs ORDER BY migration").rows
    #expect(try runs.map { try $0.decode(Int.self, at: 0) } == [1, 2, 3])
  }

  @Test func aFailingMigrationRollsBackAndStopsTheRun() async throws {
    let connection = try await connectToNewDatabase()
    let broken =
      Self.migrations.prefix(1) + [
        PostgresMigration(
          version: 2, name: "half broken",
          sql: "CREATE TABLE notes (id int); INSERT INTO runs VALUES (2); SELEC oops"),
        PostgresMigration(version: 3, name: "never", sql: "INSERT INTO runs VALUES (3)"),
      ]
    let migrator = try PostgresMigrator(migrations: Array(broken))
    let error = await #expect(throws: PostgresError.self) { try await migrator.migrate(connection) }
    #expect(error?.kind == .migrationFailed)
    #expect(error?.migrationVersion == 2)
    #expect(error?.sqlState == .syntaxError)
    let runs = try await connection.query("SELECT migration FROM runs").rows
    #expect(try runs.map { try $0.decode(Int.self, at: 0) } == [1])
    let versions = try await connection.query("SELECT version FROM schema_migrations").rows
    #expect(try versions.map { try $0.decode(Int.self, at: 0) } == [1])
    let notes = try await connection.scalar(Bool.self, "SELECT to_regclass('notes') IS NULL")
    #expect(notes)
    #expect(await connection.isUsable())
    // The lock was released: a fixed list applies the rest.
    #expect(try await PostgresMigrator(migrations: Self.migrations).migrate(connection) == [2, 3])
  }

  @Test func aDatabaseNewerThanTheMigrationsIsRefused() async throws {
    let connection = try await connectToNewDatabase()
    try await PostgresMigrator(migrations: Self.migrations).migrate(connection)
    let older = try PostgresMigrator(migrations: Array(Self.migrations.prefix(2)))
    let error = await #expect(throws: PostgresError.self) { try await older.migrate(connection) }
    #expect(error?.kind == .misuse)
    #expect(error?.message.contains("version 3") == true)
  }

  @Test func aRepeatedOrNonPositiveVersionIsRefused() {
    #expect(throws: PostgresError.self) {
      try PostgresMigrator(migrations: Self.migrations + [Self.migrations[0]])
    }
    #expect(throws: PostgresError.self) {
      try PostgresMigrator(migrations: [PostgresMigration(version: 0, name: "zero", sql: "")])
    }
  }
}
