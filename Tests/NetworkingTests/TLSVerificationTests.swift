import Core
import Foundation
import Networking
import TestSupport
import Testing

/// Streams over HTTPS check the server's certificate: a self-signed one is refused before
/// any request is sent. The server is Python's `ssl` module with a certificate made by the
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

  @Test func aSelfSignedCertificateIsRefusedBeforeTheRequestIsSent() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let certificate = directory.appendingPathComponent("certificate.pem").path
    let key = directory.appendingPathComponent("key.pem").path
    try await run(
      "/usr/bin/env",
      [
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", certificate,
      ])

    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-c", Self.serverScript, certificate, key]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try ChildProcess.start(server)
    defer { kill(server.processIdentifier, SIGKILL) }
    let reader = output.fileHandleForReading
    let portLine = await Self.read(reader, until: { $0.hasSuffix("\n") })
    let port = try #require(Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)))

    let client = URLSessionHTTPClient(baseURL: nil, clock: .fixed(Fixture.referenceDate))
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
    let report = await Self.read(reader, until: { $0.contains("\n") && $0.count > 1 })
    #expect(report.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("handshake refused"))
    #expect(!report.contains("request received"))
  }

  /// Reads the child's output until `isComplete` holds for what arrived or the output ends.
  private static func read(
    _ handle: FileHandle, until isComplete: (String) -> Bool
  ) async
    -> String
  {
    var text = ""
    while !isComplete(text) {
      let data = await ChildProcess.readAvailable(handle)
      if data.isEmpty { break }
      text += data.text
    }
    return text
  }

  private func run(_ executable: String, _ arguments: [String]) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try ChildProcess.start(process)
    await withCheckedContinuation { continuation in
      Thread {
        process.waitUntilExit()
        continuation.resume()
      }.start()
    }
    #expect(process.terminationStatus == 0, "\(arguments.first ?? executable) failed")
  }
}
