import Foundation
import Testing

/// kiln-server's configuration through the real binary: file, environment and flags in
/// that order, `config` with secrets redacted, exit 2 naming a bad key, the data directory
/// created owner-only, the access log and `/metrics`.
@Suite struct KilnServerConfigurationTests {
  static func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func writeConfig(_ text: String, in directory: String) throws -> String {
    let path = directory + "/server.conf"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func mergesFileThenEnvironmentThenFlagsAndRedactsSecrets() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = try writeConfig(
      """
      # kiln-server settings
      HOST = 0.0.0.0   # every interface
      PORT = 8080
      EVENT_LOOPS = 3
      MAX_BODY_SIZE = 512KiB
      KEEP_ALIVE_TIMEOUT = 2m // short
      METRICS_TOKEN = "tok # with hash"
      export ACCESS_LOG = off
      """, in: directory)
    let run = try await KilnServerRun.run(
      ["config", "--config", config, "--port", "9090"],
      environment: ["HOST": "::1", "METRICS_TOKEN": "env-secret-token", "UNRELATED": "x"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map { $0.replacing(#/ +/#, with: " ") }
    #expect(lines.contains("HOST = ::1 (environment)"))
    #expect(lines.contains("PORT = 9090 (command line)"))
    #expect(lines.contains("EVENT_LOOPS = 3 (\(config):4)"))
    #expect(lines.contains("MAX_BODY_SIZE = 512KiB (\(config):5)"))
    #expect(lines.contains("KEEP_ALIVE_TIMEOUT = 2m (\(config):6)"))
    #expect(lines.contains("ACCESS_LOG = off (\(config):8)"))
    #expect(lines.contains("METRICS_TOKEN = <redacted> (environment)"))
    #expect(lines.contains("SHUTDOWN_TIMEOUT = 10s (default)"))
    #expect(lines.contains("MAX_BODY_MEMORY = 256MiB (default)"))
    #expect(lines.contains { $0.hasPrefix("MAX_CONNECTIONS = ") && $0.contains("open-file limit") })
    #expect(!run.output.contains("env-secret-token"))
    #expect(!run.output.contains("UNRELATED"))
  }

  @Test(
    arguments: [
      (["EVENT_LOOPS": "0"], "EVENT_LOOPS (environment) must be a whole number from 1"),
      (["MAX_BODY_SIZE": "16MB"], "MAX_BODY_SIZE (environment) must be a size"),
      (["SHUTDOWN_TIMEOUT": "10"], "SHUTDOWN_TIMEOUT (environment) must be a duration"),
      (["MAX_BODY_MEMORY": "63MiB"], "MAX_BODY_MEMORY must be at least 67108864 bytes"),
      (["MAX_BODY_MEMORY": "lots"], "MAX_BODY_MEMORY (environment) must be a size"),
      (["ACCESS_LOG": "file"], "ACCESS_LOG (environment) must be stderr or off"),
      (["HOST": ""], "HOST (environment) must be a non-empty value"),
      (
        ["METRICS_TOKEN": "YOUR_METRICS_TOKEN"],
        "METRICS_TOKEN (environment) is still a placeholder"
      ),
      (["HOST": "placeholder.example"], "HOST (environment) is still a placeholder"),
    ] as [([String: String], String)])
  func stopsWithExit2NamingTheKeyOfABadValue(
    _ environment: [String: String], _ message: String
  ) async throws {
    for command in ["serve", "config"] {
      let run = try await KilnServerRun.run([command], environment: environment)
      #expect(run.status == 2)
      #expect(run.error.contains(message))
      #expect(!run.error.contains("YOUR_METRICS_TOKEN"))
      #expect(run.output.isEmpty)
    }
  }

  @Test func refusesAnUnknownKeyOrALineThatIsNotAnAssignmentInTheFile() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let typo = try writeConfig("PORT = 1\nPROT = 2\n", in: directory)
    let unknown = try await KilnServerRun.run(["config", "--config", typo])
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("\(typo):2: unknown key PROT"))
    let broken = try writeConfig("PORT 1\n", in: directory)
    let notAssignment = try await KilnServerRun.run(["config", "--config", broken])
    #expect(notAssignment.status == 2)
    #expect(notAssignment.error.contains("\(broken):1 is not a KEY = VALUE assignment"))
    let missing = try await KilnServerRun.run(["config", "--config", directory + "/none"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("cannot be read"))
  }

  @Test func createsTheDataDirectoryOwnerOnlyAndLogsEachRequestAsJSON() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let data = directory + "/nested/data"
    let server = try await KilnServerRun(["serve", "--port", "0", "--data-dir", data])
    let attributes = try FileManager.default.attributesOfItem(atPath: data)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let health = try await server.exchange(
      "GET /health?key=query-secret HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer header-secret\r\n"
        + "X-Request-ID: trace-9\r\nConnection: close\r\n\r\n")
    #expect(health.contains("\r\nX-Request-ID: trace-9\r\n"))
    let metrics = try await server.exchange(
      "GET /metrics HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(metrics.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(
      metrics.contains(
        "kiln_http_requests_total{method=\"GET\",route=\"/health\",status=\"200\"} 1"))
    let (status, error) = await server.stop()
    #expect(status == 0)
    let lines = error.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(lines.count == 2)
    #expect(
      lines.first?.contains("\"request_id\":\"trace-9\",\"method\":\"GET\",\"route\":\"/health\"")
        == true)
    #expect(!error.contains("secret"))
  }

  @Test func tightensAnExistingDataDirectoryAndRefusesAFile() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
    let server = try await KilnServerRun(["serve", "--port", "0", "--data-dir", directory])
    let attributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(await server.terminate() == 0)
    let file = directory + "/file"
    try "x".write(toFile: file, atomically: true, encoding: .utf8)
    let refused = try await KilnServerRun.run(["serve", "--port", "0", "--data-dir", file])
    #expect(refused.status == 1)
    #expect(refused.error.contains("the data directory \(file) is a file"))
  }

  @Test func raisesTheOpenFileSoftLimitToTheHardLimitAtStart() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory], softOpenFileLimit: 256)
    let limits = try String(
      contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8)
    let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
    let numbers = line.split(separator: " ").compactMap { Int($0) }
    try #require(numbers.count == 2)
    #expect(numbers[0] == numbers[1])
    #expect(numbers[0] > 256)
    #expect(await server.terminate() == 0)
  }

  @Test func servesOverIPv6Loopback() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = try await KilnServerRun.run(["config", "--host", "::1"])
    #expect(run.output.contains("::1"))
    let server = try await KilnServerRun(
      ["serve", "--host", "::1", "--port", "0", "--data-dir", directory])
    #expect(server.firstLine.hasPrefix("kiln-server serve listening on http://[::1]:"))
    #expect(await server.terminate() == 0)
  }
}
