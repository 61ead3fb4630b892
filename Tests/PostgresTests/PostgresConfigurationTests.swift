import Postgres
import Testing

@Suite struct PostgresConfigurationTests {
  @Test func aFullURLIsParsedWithItsPartsDecoded() throws {
    let configuration = try PostgresConfiguration(
      url: "postgres://app%40kiln:p%3Ass%2Fw0rd@db.example.com:6543/kiln_prod"
        + "?sslmode=verify-full&connect_timeout=3&application_name=kiln-server")
    #expect(configuration.user == "app@kiln")
    #expect(configuration.password == "p:ss/w0rd")
    #expect(configuration.host == "db.example.com")
    #expect(configuration.port == 6543)
    #expect(configuration.database == "kiln_prod")
    #expect(configuration.tlsMode == .verifyFull)
    #expect(configuration.connectTimeoutSeconds == 3)
    #expect(configuration.applicationName == "kiln-server")
  }

  @Test func defaultsApplyWhenTheURLLeavesThemOut() throws {
    let configuration = try PostgresConfiguration(url: "postgresql://kiln@localhost")
    #expect(configuration.port == 5432)
    #expect(configuration.password == nil)
    #expect(configuration.database == nil)
    #expect(configuration.tlsMode == nil)
    #expect(configuration.connectTimeoutSeconds == 10)
  }

  @Test func anIPv6HostLosesItsBrackets() throws {
    let configuration = try PostgresConfiguration(url: "postgres://kiln@[::1]:5433/db")
    #expect(configuration.host == "::1")
    #expect(configuration.description == "postgres://kiln@[::1]:5433/db")
  }

  @Test(arguments: [
    ("", "empty"),
    ("   ", "empty"),
    ("not a url at all", "not a URL"),
    ("kiln:secret", "postgres://"),
    ("mysql://kiln:secret@host/db", "postgres://"),
    ("postgres://host/db", "no user name"),
    ("postgres://kiln:secret@/db", "no host"),
    ("postgres://kiln:secret@host:0/db", "port"),
    ("postgres://kiln:secret@host:70000/db", "port"),
    ("postgres://kiln:secret@host/db/extra", "one database name"),
    ("postgres://kiln:secret@host/db?sslmode=sometimes", "sslmode must be one of"),
    ("postgres://kiln:secret@host/db?connect_timeout=soon", "connect_timeout"),
    ("postgres://kiln:secret@host/db?sslmode=require&sslmode=disable", "repeats"),
    ("postgres://kiln:secret@host/db?sslrootcert=/etc/ca", "unknown parameter sslrootcert"),
  ])
  func aBadURLIsRefusedWithAReasonThatNeverShowsThePassword(url: String, reason: String) {
    let error = #expect(throws: PostgresError.self) { try PostgresConfiguration(url: url) }
    #expect(error?.kind == .invalidURL)
    #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error")")
    #expect(error?.description.contains("secret") == false)
  }

  @Test func theDescriptionAndReflectionHideThePassword() throws {
    let configuration = try PostgresConfiguration(
      url: "postgres://kiln:hunter2-secret@127.0.0.1:5432/kiln?sslmode=disable")
    #expect(configuration.description == "postgres://kiln:***@127.0.0.1:5432/kiln?sslmode=disable")
    #expect(!"\(configuration)".contains("hunter2"))
    #expect(!String(reflecting: configuration).contains("hunter2"))
    var dumped = ""
    dump(configuration, to: &dumped)
    #expect(!dumped.contains("hunter2"))
    #expect(dumped.contains("***"))
  }
}
