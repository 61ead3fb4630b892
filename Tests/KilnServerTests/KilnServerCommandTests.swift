import Foundation
import Testing

/// The `kiln-server` binary: its commands, exit statuses and the two servers it runs.
@Suite struct KilnServerCommandTests {
  @Test func printsItsVersionAndHelp() async throws {
    let version = try await KilnServerRun.run(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "kiln-server 0.1.0\n")
    let help = try await KilnServerRun.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("kiln-server echo [--host HOST] [--port PORT]"))
    #expect(help.output.contains("METRICS_TOKEN"))
  }

  @Test(
    arguments: [
      (["--bogus"], [:], "unknown option '--bogus'"), (["launch"], [:], "unknown command 'launch'"),
      (["serve", "--port", "70000"], [:], "PORT (command line) must be a port number"),
      (["serve", "--port"], [:], "--port needs a value"),
      (["serve"], ["PORT": "eighty"], "PORT (environment) must be a port number"),
    ] as [([String], [String: String], String)])
  func exitsWith2OnACommandLineMistake(
    _ arguments: [String], _ environment: [String: String], _ message: String
  ) async throws {
    let run = try await KilnServerRun.run(arguments, environment: environment)
    #expect(run.status == 2)
    #expect(run.error.contains(message))
    #expect(run.output.isEmpty)
  }

  @Test func servesHealthAndStopsCleanlyOnSIGTERM() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await KilnServerRun(["serve", "--port", "0", "--data-dir", directory + "/d"])
    let answer = try await server.exchange(
      "GET /health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(answer.hasSuffix("\r\n\r\n{\"status\":\"ok\"}\n"))
    let missing = try await server.exchange(
      "GET /nope HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(missing.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    #expect(await server.terminate() == 0)
  }

  @Test func stopsGracefullyOnSIGTERMSentRightAfterTheAddressLine() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for _ in 0..<40 {
      let server = try await KilnServerRun(["serve", "--port", "0", "--data-dir", directory])
      #expect(await server.stop(within: 10) == 0)
    }
  }

  @Test func exitsWith1WhenThePortIsTaken() async throws {
    let first = try await KilnServerRun(["echo", "--port", "0"])
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let second = try await KilnServerRun.run([
      "serve", "--port", "\(first.port)", "--data-dir", directory,
    ])
    #expect(second.status == 1)
    #expect(second.error.contains("cannot listen on 127.0.0.1:\(first.port)"))
    #expect(await first.terminate() == 0)
  }

  @Test func echoDescribesWhatItParsed() async throws {
    let server = try await KilnServerRun(["echo", "--port=0"])
    let answer = try await server.exchange(
      "POST /p?q=1 HTTP/1.1\r\nHost: example\r\nX-B: 2\r\nx-a: 1\r\nContent-Length: 5\r\n"
        + "Connection: close\r\n\r\nhello")
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    #expect(report["method"] as? String == "POST")
    #expect(report["target"] as? String == "/p?q=1")
    #expect(report["version"] as? String == "HTTP/1.1")
    #expect(report["body_base64"] as? String == "aGVsbG8=")
    let headers = try #require(report["headers"] as? [[String]])
    #expect(headers.map { $0[0] } == ["Host", "X-B", "x-a", "Content-Length", "Connection"])
    #expect(headers[1] == ["X-B", "2"])
    #expect(await server.terminate() == 0)
  }
}
