import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Processes, packages and `/proc` readings for `kiln-bench server`.
enum ServerBenchmarkTools {
  /// A child process with its standard output read line by line.
  final class Child {
    let process: Process
    let output = Pipe()

    init(
      _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    )
      throws
    {
      process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      if let environment { process.environment = environment }
      process.standardOutput = output
      process.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try ChildProcess.start(process)
    }

    /// The first output line that has a port number as its last word (bounded: 200 reads).
    func port() async throws -> Int {
      var text = ""
      for _ in 0..<200 {
        let data = await ChildProcess.readAvailable(output.fileHandleForReading)
        guard !data.isEmpty else { break }
        text += String(decoding: data, as: UTF8.self)
        if let line = text.split(separator: "\n").first, text.contains("\n") {
          let word = line.split(whereSeparator: { $0 == " " || $0 == ":" }).last
          if let word, let port = Int(word) { return port }
        }
      }
      throw BenchmarkError(description: "\(process.executableURL?.path ?? "?") did not listen")
    }

    func stop() {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }

    var pid: Int32 { process.processIdentifier }
  }

  /// The `kiln-server` built beside this `kiln-bench` (the same configuration).
  /// - Throws: `BenchmarkError` saying how to build it when it is not there.
  static func kilnServerPath() throws -> String {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let path = here.appendingPathComponent("kiln-server").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw BenchmarkError(
        description:
          "no kiln-server beside kiln-bench: swift build -c release --product kiln-server")
    }
    return path
  }

  static func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  /// Runs a program to completion and returns its standard output.
  static func output(_ executable: String, _ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try ChildProcess.start(process)
    let data = await ChildProcess.readToEnd(pipe.fileHandleForReading)
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  static func find(_ name: String) -> String? {
    ["/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/", "/usr/local/bin/"].map { $0 + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// nginx and wrk from Debian: found, installed with apt-get when running as root, or a
  /// sentence saying how to install them.
  static func nginxAndWrk() async -> (nginx: String, wrk: String)? {
    if let nginx = find("nginx"), let wrk = find("wrk") { return (nginx, wrk) }
    guard getuid() == 0, let aptGet = find("apt-get") else {
      print("  nginx or wrk is missing: run `sudo apt-get install nginx-light wrk` to compare")
      return nil
    }
    print("  installing nginx-light and wrk with apt-get (Debian packages)…")
    _ = try? await output(aptGet, ["update", "-qq"])
    _ = try? await output(aptGet, ["install", "-y", "-qq", "nginx-light", "wrk"])
    if let nginx = find("nginx"), let wrk = find("wrk") { return (nginx, wrk) }
    print("  apt-get could not install nginx-light and wrk; comparing is skipped")
    return nil
  }

  /// wrk's figures: requests per second, p50 and p99 latency in milliseconds.
  struct LoadResult {
    var requestsPerSecond: Double
    var p50: Double
    var p99: Double
    var errors: String?
  }

  static func wrk(
    _ wrk: String, url: String, connections: Int, seconds: Int
  ) async throws
    -> LoadResult
  {
    let text = try await output(
      wrk, ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency", "--timeout", "5s", url])
    func field(_ prefix: String) -> String? {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count)
        .trimmingCharacters(in: .whitespaces)
    }
    guard let rate = field("Requests/sec:").flatMap(Double.init),
      let p50 = field("50%").flatMap(milliseconds), let p99 = field("99%").flatMap(milliseconds)
    else { throw BenchmarkError(description: "could not read wrk's output:\n\(text)") }
    let errors = text.split(separator: "\n").first {
      $0.contains("Socket errors") || $0.contains("Non-2xx")
    }
    return LoadResult(
      requestsPerSecond: rate, p50: p50, p99: p99,
      errors: errors.map { $0.trimmingCharacters(in: .whitespaces) })
  }

  /// `812.00us`, `1.23ms`, `2.01s` in milliseconds.
  static func milliseconds(_ text: String) -> Double? {
    for (suffix, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix)
    {
      return Double(text.dropLast(suffix.count)).map { $0 * factor }
    }
    return nil
  }

  /// Resident and peak resident memory of a process, in KiB.
  static func memoryKiB(_ pid: Int32) -> (resident: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    else { return (0, 0) }
    func value(_ name: String) -> Int {
      status.split(separator: "\n").first { $0.hasPrefix(name) }?
        .split(separator: " ").compactMap { Int($0) }.first ?? 0
    }
    return (value("VmRSS:"), value("VmHWM:"))
  }

  /// User plus system CPU time of a process, in seconds.
  static func cpuSeconds(_ pid: Int32) -> Double { cpuSeconds(statPath: "/proc/\(pid)/stat") }

  /// User plus system CPU time from a `stat` file of `/proc` (a process's or a thread's).
  static func cpuSeconds(statPath: String) -> Double {
    guard let fields = statFields(statPath), fields.count > 13,
      let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The fields after the command name of a `/proc` `stat` file (the name may hold spaces):
  /// the state is the first, the parent's process id the second.
  private static func statFields(_ path: String) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ")
  }

  /// The `stat` files of the processes whose parent is `pid` (nginx's workers).
  static func childStatPaths(of pid: Int32) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { $0.allSatisfy(\.isNumber) }.map { "/proc/\($0)/stat" }
      .filter { statFields($0).map { $0.count > 1 && $0[1] == "\(pid)" } ?? false }
  }

  /// The `stat` files of a process's threads (kiln-server's event loops among them).
  static func threadStatPaths(of pid: Int32) -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.map { "/proc/\(pid)/task/\($0)/stat" }
  }

  /// How the CPU time spent between two readings of the same `stat` files was shared by
  /// the `count` busiest: their percentages of what those spent, largest first. A file
  /// missing from either reading (a thread that ended or began in between) is left out.
  static func busiestShares(
    before: [String: Double], after: [String: Double], count: Int
  )
    -> [Double]
  {
    let spent = after.compactMap { path, seconds in
      before[path].map { seconds - $0 }
    }
    .filter { $0 >= 0 }.sorted(by: >).prefix(count)
    let total = spent.reduce(0, +)
    return total > 0 ? spent.map { 100 * $0 / total } : []
  }

  /// An nginx configuration serving `body` for every path on `port` with `workers`.
  static func nginxConfiguration(
    directory: String, port: Int, workers: Int, body: String
  )
    -> String
  {
    nginxConfiguration(
      directory: directory, port: port, workers: workers,
      location: "default_type application/json;\n          return 200 '\(body)';")
  }

  /// An nginx configuration passing every request on `port` through to the server on
  /// `upstreamPort` with `workers`, as a reverse proxy in front of a streaming API is set
  /// up: HTTP/1.1 with kept-alive upstream connections, and no buffering, so each event
  /// goes on as it arrives. It reads nothing of what it passes.
  static func nginxPassThroughConfiguration(
    directory: String, port: Int, workers: Int, upstreamPort: Int
  ) -> String {
    nginxConfiguration(
      directory: directory, port: port, workers: workers,
      location: [
        "proxy_pass http://upstream;", "proxy_http_version 1.1;",
        #"proxy_set_header Connection "";"#, "proxy_buffering off;",
      ].joined(separator: "\n          "),
      upstream: "upstream upstream { server 127.0.0.1:\(upstreamPort); keepalive 256; }")
  }

  private static func nginxConfiguration(
    directory: String, port: Int, workers: Int, location: String, upstream: String = ""
  ) -> String {
    """
    worker_processes \(workers);
    daemon off;
    pid \(directory)/nginx.pid;
    error_log \(directory)/error.log;
    events { worker_connections 4096; }
    http {
      access_log /dev/null;
      keepalive_requests 100000000;
      client_body_temp_path \(directory)/body;
      proxy_temp_path \(directory)/proxy;
      fastcgi_temp_path \(directory)/fastcgi;
      uwsgi_temp_path \(directory)/uwsgi;
      scgi_temp_path \(directory)/scgi;
      \(upstream)
      server {
        # Each worker gets its own listening socket and the kernel spreads connections over
        # them, as kiln-server hands its connections round its loops (decision 193).
        listen 127.0.0.1:\(port) reuseport;
        location / {
          \(location)
        }
      }
    }
    """
  }

  /// A free loopback port (bound, read, closed).
  static func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
