import CSQLite
import Core
import Foundation
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Benchmark {
  static let app = Benchmark(
    name: "app",
    summary: "kiln --version, and kiln reaching its prompt with 1,000,000 messages stored",
    run: { arguments in try await AppBenchmark(arguments: arguments).run() })
}

/// `kiln-bench app`: launches the real `kiln` binary the way a person does.
///
/// 1. `kiln --version`, repeatedly, against spawning `/bin/true` (the cost of any process) in
///    the same run. Target: under 50 ms.
/// 2. `kiln ask --no-save` once per launch against a fast local upstream (20 chunks), and
///    against the echo model (no network) in the same run. Target: under 100 ms.
/// 3. `kiln` on a pseudo-terminal until its prompt appears, with an empty data folder
///    (baseline) and with a database of 1,000,000 messages (10,000 conversations of 100,
///    a few replies left "streaming" as a crash would leave them). Target: under 300 ms.
///
/// The `kiln` binary is taken from beside `kiln-bench` (build both in release:
/// `swift build -c release --product kiln && swift run -c release kiln-bench app`) or from
/// `--kiln PATH`. The big database is built once into `--data DIR` when given (kept for the
/// next run), else into a temporary folder.
struct AppBenchmark {
  var kilnPath: String
  var dataFolder: URL?
  var messages = 1_000_000
  var launches = 15

  init(arguments: [String]) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    kilnPath = executable.deletingLastPathComponent().appendingPathComponent("kiln").path
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let value = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--kiln": kilnPath = value
      case "--data": dataFolder = URL(fileURLWithPath: value)
      case "--messages":
        guard let count = Int(value), count >= StorageBenchmarkCorpus.messagesPerConversation else {
          throw BenchmarkError(description: "--messages needs a whole number of at least 100")
        }
        messages = count
      case "--launches":
        guard let count = Int(value), count >= 3 else {
          throw BenchmarkError(description: "--launches needs a whole number of at least 3")
        }
        launches = count
      default:
        throw BenchmarkError(description: "unknown option \(option)")
      }
    }
    guard FileManager.default.isExecutableFile(atPath: kilnPath) else {
      throw BenchmarkError(
        description: "no kiln binary at \(kilnPath): run `swift build -c release --product kiln`"
          + " first, or pass --kiln PATH")
    }
  }

  func run() async throws {
    print("load average at start: \(StorageBenchmarkClock.loadAverage())")
    print("kiln: \(kilnPath)")
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-app-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    // 1. Version.
    var spawnOnly: [Duration] = []
    var version: [Duration] = []
    let environment = Self.environment(home: scratch.appendingPathComponent("empty"))
    for _ in 0..<launches {
      spawnOnly.append(try Self.timeToExit("/bin/true", [], environment))
      version.append(try Self.timeToExit(kilnPath, ["--version"], environment))
    }
    var report = AppBenchmarkReport()
    report.add(
      "kiln --version (median of \(launches)) vs /bin/true",
      kiln: StorageBenchmarkClock.median(version), raw: StorageBenchmarkClock.median(spawnOnly),
      target: .milliseconds(50))
    report.add(
      "kiln --version (slowest of \(launches)) vs /bin/true",
      kiln: version.max() ?? .zero, raw: spawnOnly.max() ?? .zero, target: .milliseconds(50))

    // One-shot asks against a fast local upstream (this bench's `proxy-upstream`), the
    // task a person compares with `llm "question"`: the whole run, against the echo model.
    let upstream = try ServerBenchmarkTools.Child(
      CommandLine.arguments[0], ["proxy-upstream", "--chunks", "20", "--event-loops", "1"])
    defer { upstream.stop() }
    let port = try await upstream.port()
    // A fresh home for every launch of both: the echo model counts against the free tier
    // (decision 90), so one home would run out after ten asks.
    var asks: [Duration] = []
    var echoes: [Duration] = []
    for launch in 0..<launches {
      var direct = Self.environment(home: scratch.appendingPathComponent("ask-\(launch)"))
      direct["OPENAI_BASE_URL"] = "http://127.0.0.1:\(port)/v1"
      direct["OPENAI_API_KEY"] = "sk-bench"
      direct["KILN_MODEL"] = "bench-model"
      let echo = Self.environment(home: scratch.appendingPathComponent("ask-echo-\(launch)"))
      asks.append(try Self.timeToExit(kilnPath, ["ask", "--no-save", "what is 2+2"], direct))
      echoes.append(try Self.timeToExit(kilnPath, ["ask", "--no-save", "what is 2+2"], echo))
    }
    report.add(
      "kiln ask, one shot to a local upstream (median of \(launches)) vs the echo model",
      kiln: StorageBenchmarkClock.median(asks), raw: StorageBenchmarkClock.median(echoes),
      target: .milliseconds(100))

    // 2. Prompt, empty and with a million messages.
    let big = dataFolder ?? scratch.appendingPathComponent("big")
    let built = try await Self.prepare(big, messages: messages)
    print(built)
    var emptyPrompt: [Duration] = []
    var bigPrompt: [Duration] = []
    for index in 0..<launches {
      let empty = scratch.appendingPathComponent("empty-\(index)")
      emptyPrompt.append(try Self.timeToPrompt(kilnPath, Self.environment(home: empty)))
      bigPrompt.append(try Self.timeToPrompt(kilnPath, Self.environment(home: big)))
    }
    report.add(
      "kiln to its prompt, \(messages) messages vs empty (median of \(launches))",
      kiln: StorageBenchmarkClock.median(bigPrompt),
      raw: StorageBenchmarkClock.median(emptyPrompt), target: .milliseconds(300))
    report.add(
      "kiln to its prompt, \(messages) messages vs empty (slowest of \(launches))",
      kiln: bigPrompt.max() ?? .zero, raw: emptyPrompt.max() ?? .zero,
      target: .milliseconds(300))
    report.print()
  }

  /// A clean environment: this data folder, a terminal, no provider (the echo model).
  static func environment(home: URL) -> [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "KILN_HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "TERM": "xterm-256color", "LANG": "C.UTF-8",
    ]
  }

  /// Fills `folder`'s database with `messages` messages unless it already holds them, and
  /// leaves three replies "streaming", as a crash mid-reply would (each launch marks them
  /// interrupted, so they are put back before every run).
  static func prepare(_ folder: URL, messages: Int) async throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("kiln.sqlite").path
    // Storage creates (or migrates) the schema, as kiln would.
    let database = try StorageDatabase(path: path, clock: .live)
    let repository = SQLiteConversationRepository(
      database: database, clock: .live, uuid: .timeOrdered(clock: .live, random: .live))
    let raw = try StorageBenchmarkRaw(path: path, synchronous: "NORMAL", cacheKiB: 8192)
    let counter = try raw.statement("SELECT count(*) FROM messages")
    let stored = sqlite3_step(counter) == SQLITE_ROW ? Int(sqlite3_column_int64(counter, 0)) : 0
    sqlite3_reset(counter)
    var summary = "database: \(stored) messages already in \(path)"
    if stored < messages {
      let started = ContinuousClock.now
      let corpus = StorageBenchmarkCorpus(orderedIDs: true)
      let conversations = messages / StorageBenchmarkCorpus.messagesPerConversation
      for start in stride(from: 0, to: conversations, by: 100) {
        let batch = (start..<min(start + 100, conversations)).map { index in
          let (conversation, thread) = corpus.conversation(index)
          return ConversationBundle(conversation: conversation, messages: thread)
        }
        try await repository.insert(batch)
      }
      summary =
        "database: built \(conversations * StorageBenchmarkCorpus.messagesPerConversation) messages in \(path) in "
        + AppBenchmarkReport.format(ContinuousClock.now - started)
    }
    await database.close()
    try raw.execute(
      "UPDATE messages SET status = 'streaming' WHERE seq IN "
        + "(SELECT seq FROM messages WHERE role = 'assistant' ORDER BY seq DESC LIMIT 3)")
    return summary
  }

  /// Wall time from spawning `executable` to its exit.
  static func timeToExit(
    _ executable: String, _ arguments: [String], _ environment: [String: String]
  )
    throws -> Duration
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    // Kept in a file, so a failure can say why without a pipe that could fill up.
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-app-\(ProcessInfo.processInfo.processIdentifier).err")
    guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
      throw BenchmarkError(description: "cannot write \(errors.path)")
    }
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardError = try FileHandle(forWritingTo: errors)
    let started = ContinuousClock.now
    try process.run()
    process.waitUntilExit()
    let elapsed = ContinuousClock.now - started
    guard process.terminationStatus == 0 else {
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw BenchmarkError(
        description: "\(executable) \(arguments) exited \(process.terminationStatus): "
          + said.suffix(400).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return elapsed
  }

  /// Wall time from spawning `kiln` on a pseudo-terminal to the prompt ("› ") appearing;
  /// then Ctrl-D ends it.
  static func timeToPrompt(_ kiln: String, _ environment: [String: String]) throws -> Duration {
    let terminal = try BenchTerminal()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: kiln)
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    let started = ContinuousClock.now
    try process.run()
    let prompt = Array("› ".utf8)
    var seen: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = started + .seconds(30)
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: terminal.leader, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = read(terminal.leader, &buffer, buffer.count)
      guard count > 0 else { break }
      seen += buffer[0..<count]
      if seen.firstRange(of: prompt) != nil {
        let elapsed = ContinuousClock.now - started
        _ = write(terminal.leader, [0x04], 1)
        Self.drain(terminal.leader, until: process)
        return elapsed
      }
    }
    process.terminate()
    throw BenchmarkError(
      description: "kiln showed no prompt within 30 s; it wrote: "
        + String(decoding: seen.suffix(400), as: UTF8.self))
  }

  /// Reads what `kiln` still writes while it exits, so it never blocks on a full terminal.
  private static func drain(_ leader: Int32, until process: Process) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning, ContinuousClock.now < deadline {
      var poller = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 20) > 0 { _ = read(leader, &buffer, buffer.count) }
    }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

/// A pseudo-terminal pair of 100 × 30 for one launch; closed when released.
final class BenchTerminal {
  let leader: Int32
  let follower: Int32

  init() throws {
    var leader: Int32 = -1
    var follower: Int32 = -1
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&leader, &follower, nil, nil, &size) == 0 else {
      throw BenchmarkError(description: "cannot open a pseudo-terminal (errno \(errno))")
    }
    self.leader = leader
    self.follower = follower
  }

  deinit {
    close(follower)
    close(leader)
  }
}

/// The table `kiln-bench app` prints: each figure beside its baseline from the same run, and
/// whether it meets its target.
struct AppBenchmarkReport {
  private var rows: [[String]] = [["measure", "kiln", "baseline", "target", "target?"]]

  mutating func add(_ name: String, kiln: Duration, raw: Duration, target: Duration) {
    rows.append([
      name, Self.format(kiln), Self.format(raw), "< \(Self.format(target))",
      kiln < target ? "PASS" : "MISS",
    ])
  }

  func print() {
    BenchmarkTable.print(rows)
  }

  static func format(_ duration: Duration) -> String {
    let parts = duration.components
    let value = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    if value >= 1 { return String(format: "%.2f s", value) }
    return String(format: "%.1f ms", value * 1000)
  }
}
