import Foundation
import JOSE
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmark {
  /// `kiln-bench auth`: password sign-ins and refresh grants per second through kiln-server.
  static let auth = Benchmark(
    name: "auth",
    summary: "kiln-server's accounts: password sign-ins/s (bounded by scrypt) and refreshes/s",
    run: { arguments in try await AuthBenchmark(arguments: arguments).run() })
}

/// Starts `kiln-server` (beside this binary) on a fresh store, signs up `users` accounts,
/// then measures, sequentially and from as many clients at once as the machine has cores:
/// password grants (each one scrypt hash at the configured cost, which it prints) and refresh
/// grants (each a rotation in the store), with p50 and p99. `--database-url URL` runs on
/// PostgreSQL instead of SQLite. Only loopback addresses are used.
struct AuthBenchmark {
  var users = 20
  var refreshes = 400
  var scryptLogN = 15
  var databaseURL: String?

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let text = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--database-url": databaseURL = text
      case "--users", "--refreshes", "--scrypt-log-n":
        guard let value = Int(text), value > 0, value <= 100_000 else {
          throw BenchmarkError(description: "\(option) needs a positive whole number")
        }
        switch option {
        case "--users": users = value
        case "--refreshes": refreshes = value
        default: scryptLogN = value
        }
      default: throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    let server = try ServerBenchmarkTools.kilnServerPath()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-auth-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var environment = [
      "AUTH_SCRYPT_LOG_N": String(scryptLogN), "ACCESS_LOG": "off", "PATH": "/usr/bin:/bin",
      // Measuring throughput: the per-address and per-account limits would refuse it.
      "AUTH_RATE_LIMIT": "off",
    ]
    if let databaseURL { environment["DATABASE_URL"] = databaseURL }
    let child = try ServerBenchmarkTools.Child(
      server, ["serve", "--port", "0", "--data-dir", directory], environment: environment)
    defer { child.stop() }
    let port = try await child.port()
    let keys = try await ServerBenchmarkTools.output(
      server,
      ["keys", "--json", "--data-dir", directory]
        + (databaseURL.map { ["--config", try Self.configFile(databaseURL: $0, in: directory)] }
          ?? []))
    let anon = try Self.anonKey(keys)
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    print("auth: kiln-server on \(databaseURL == nil ? "SQLite (WAL)" : "PostgreSQL")")
    print("  scrypt N=2^\(scryptLogN), r=8, p=1 per password check; \(cores) hash(es) at once")

    var refreshTokens: [String] = []
    for index in 0..<users {
      let answer = try Self.post(
        port, "/auth/v1/signup", anon, Self.credentials(index))
      refreshTokens.append(try Self.field("refresh_token", in: answer))
    }
    let signIns = Self.measure(clients: 1, perClient: users) { _, round in
      try Self.post(port, "/auth/v1/token?grant_type=password", anon, Self.credentials(round))
    }
    let parallelSignIns = Self.measure(clients: cores, perClient: max(1, users / cores)) {
      client, round in
      try Self.post(
        port, "/auth/v1/token?grant_type=password", anon,
        Self.credentials((client * 7 + round) % users))
    }
    // Each client rotates its own session, one refresh after another.
    let chains = Mutex(refreshTokens)
    let perClient = max(1, refreshes / users)
    let refreshed = Self.measure(
      clients: min(users, cores), perClient: perClient * users / min(users, cores)
    ) {
      client, round in
      let slot = (client + round * min(users, cores)) % users
      let token = chains.withLock { $0[slot] }
      let answer = try Self.post(
        port, "/auth/v1/token?grant_type=refresh_token", anon,
        "{\"refresh_token\":\(JSONText.quoted(token))}")
      let next = try Self.field("refresh_token", in: answer)
      chains.withLock { $0[slot] = next }
      return answer
    }
    print(Self.line("password sign-in, one client", signIns))
    print(Self.line("password sign-in, \(cores) clients", parallelSignIns))
    print(Self.line("refresh grant, \(min(users, cores)) clients", refreshed))
  }

  struct Figures {
    var latencies: [Double]
    var seconds: Double
    var errors: Int
  }

  static func line(_ name: String, _ figures: Figures) -> String {
    let sorted = figures.latencies.sorted()
    func percentile(_ fraction: Double) -> Double {
      guard !sorted.isEmpty else { return .nan }
      return sorted[min(sorted.count - 1, max(0, Int(Double(sorted.count) * fraction) - 1))]
    }
    let perSecond = figures.seconds > 0 ? Double(sorted.count) / figures.seconds : 0
    return String(
      format: "  %-34@ %8.1f/s   p50 %7.2f ms   p99 %7.2f ms   errors %d", name as NSString,
      perSecond, percentile(0.5), percentile(0.99), figures.errors)
  }

  /// Runs `clients` threads, each calling `request` `perClient` times; times each call.
  static func measure(
    clients: Int, perClient: Int,
    _ request: @escaping @Sendable (_ client: Int, _ round: Int) throws -> String
  ) -> Figures {
    let results = Mutex(Figures(latencies: [], seconds: 0, errors: 0))
    let started = ContinuousClock.now
    let group = DispatchGroup()
    for client in 0..<clients {
      group.enter()
      Thread {
        for round in 0..<perClient {
          let begin = ContinuousClock.now
          let ok = (try? request(client, round))?.hasPrefix("HTTP/1.1 200") == true
          let elapsed = ContinuousClock.now - begin
          results.withLock {
            if ok {
              $0.latencies.append(
                Double(elapsed.components.attoseconds) / 1e15
                  + Double(elapsed.components.seconds) * 1_000)
            } else {
              $0.errors += 1
            }
          }
        }
        group.leave()
      }.start()
    }
    group.wait()
    let total = ContinuousClock.now - started
    return results.withLock {
      var figures = $0
      figures.seconds =
        Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
      return figures
    }
  }

  static func credentials(_ index: Int) -> String {
    "{\"email\":\"bench-\(index)@example.com\",\"password\":\"a long bench password \(index)\"}"
  }

  /// One POST with `apikey` on a fresh connection; the whole answer as text.
  static func post(
    _ port: Int, _ target: String, _ anon: String, _ body: String
  ) throws
    -> String
  {
    guard let descriptor = ServerBenchmarkLoad.connect(port: port) else {
      throw BenchmarkError(description: "cannot connect to kiln-server")
    }
    defer { close(descriptor) }
    let request =
      "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\napikey: \(anon)\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    guard ServerBenchmarkLoad.send(descriptor, request) else {
      throw BenchmarkError(description: "send failed")
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while answer.count < 1 << 20 {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      answer.append(contentsOf: buffer[..<count])
    }
    return String(decoding: answer, as: UTF8.self)
  }

  static func field(_ name: String, in answer: String) throws -> String {
    guard let range = answer.range(of: "\r\n\r\n"),
      let object = try? StrictJSONParser().parseObject(Array(answer[range.upperBound...].utf8)),
      let value = object[name]?.stringValue
    else { throw BenchmarkError(description: "no \(name) in: \(answer.prefix(200))") }
    return value
  }

  static func anonKey(_ json: String) throws -> String {
    guard let key = try? StrictJSONParser().parseObject(Array(json.utf8))["anon_key"]?.stringValue
    else { throw BenchmarkError(description: "kiln-server keys printed no anon key: \(json)") }
    return key
  }

  static func configFile(databaseURL: String, in directory: String) throws -> String {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/bench.conf"
    try "DATABASE_URL = \(databaseURL)\n".write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
