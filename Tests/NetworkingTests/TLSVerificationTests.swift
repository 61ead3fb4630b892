import Core
import Foundation
import Networking
import TestSupport
import Testing

/// Streams over HTTPS check the server's certificate, with or without a connection pool: a
/// self-signed one is refused before any request is sent. The server is Python's `ssl` module with a certificate made by the
/// `openssl` tool, both of which `.ci/run` installs.
@Suite struct TLSVerificationTests {
  private static let serverScript = """
    import signal, socket, ssl, sys
    # Never outlive a test run that crashed (a child may inherit blocked signals).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM, signal.SIGTERM])
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(60)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    print(listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        try:
            secure = context.wrap_socket(connection, server_side=True)
            secure.recv(65536)
            print("request received", flush=True)
            secure.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: 9\\r\\n\\r\\ndata: x\\n\\n")
            secure.close()
        except (ssl.SSLError, OSError) as error:
            print("handshake refused:", type(error).__name__, flush=True)
        finally:
            connection.close()
    """

  @Test(arguments: [false, true])
  func aSelfSignedCertificateIsRefusedBeforeTheRequestIsSent(pooled: Bool) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let certificate = directory.appendingPathComponent("certificate.pem").path
    let key = directory.appendingPathComponent("key.pem").path
    let log = directory.appendingPathComponent("server.log").path
    // The shell does every redirection, so Foundation hands the children no pipes or file
    // handles (its descriptor juggling around `Process` is racy under parallel tests).
    let made = try await Self.run(
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1"
        + " -keyout \"$1\" -out \"$2\" >/dev/null 2>&1",
      [key, certificate])
    #expect(made == 0, "openssl could not make a certificate")

    let server = try Self.start(
      "exec python3 -c \"$1\" \"$2\" \"$3\" >\"$4\" 2>/dev/null",
      [Self.serverScript, certificate, key, log])
    defer { kill(server.processIdentifier, SIGKILL) }
    let portLine = try await Self.waitForLine(in: log, number: 1)
    let port = try #require(Int(portLine))

    let client = URLSessionHTTPClient(
      baseURL: nil,
      configuration: HTTPClientConfiguration(connectionPool: pooled ? HTTPConnectionPool() : nil),
      clock: .fixed(Fixture.referenceDate))
    let url = try #require(URL(string: "https://127.0.0.1:\(port)/v1/chat/completions"))
    let error = try await #require(throws: HTTPError.self) {
      _ = try await client.stream(HTTPRequest(url: url, method: .post, body: Data("{}".utf8)))
    }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(error)")
      return
    }
    #expect(code == URLErrorCode.serverCertificateUntrusted)
    #expect(error.appError == .network(code: -1202, message: "Secure connection failed"))
    let report = try await Self.waitForLine(in: log, number: 2)
    #expect(report.hasPrefix("handshake refused"), "\(report)")
  }

  /// Starts `/bin/sh -c script` with `arguments` as `$1`, `$2`, ….
  private static func start(_ script: String, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh"] + arguments
    try ChildProcess.start(process)
    return process
  }

  /// Runs `/bin/sh -c script` to its end and returns its exit status.
  private static func run(_ script: String, _ arguments: [String]) async throws -> Int32 {
    let process = try start(script, arguments)
    await withCheckedContinuation { continuation in
      Thread {
        process.waitUntilExit()
        continuation.resume()
      }.start()
    }
    return process.terminationStatus
  }

  /// Line `number` (from 1) of the file at `path`, once it has been written in full.
  private static func waitForLine(in path: String, number: Int) async throws -> String {
    for _ in 0..<200 {
      if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > number { return String(lines[number - 1]) }
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw Timeout(description: "\(path) has no line \(number) after 10 s")
  }

  private struct Timeout: Error, CustomStringConvertible {
    let description: String
  }
}
