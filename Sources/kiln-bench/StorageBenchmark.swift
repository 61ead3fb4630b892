import Core
import Foundation
import Storage

extension Benchmark {
  /// `kiln-bench storage [--messages N] [--durability powerLoss|processCrash] [--cache-kib K]
  /// [--import-batch CONVERSATIONS] [--ids ordered|random]`. Identifiers default to the
  /// time-ordered (version 7) UUIDs the app makes; `random` measures version-4 ones.
  static let storage = Benchmark(
    name: "storage",
    summary: "Storage repositories vs raw SQLite: import, append, page, search, memory",
    run: { arguments in try await StorageBenchmark(arguments: arguments).run() }
  )
}

/// Builds a chat database through Storage and, in the same run and interleaved, the same
/// data through raw SQLite (`StorageBenchmarkRaw`, the same SQL without the Swift layer), then times
/// the operations the app makes most often. Every figure is printed beside its baseline,
/// its target and the 1.5x budget for Kiln's layer.
struct StorageBenchmark {
  var messages = 1_000_000
  var durability = StorageDatabase.Options().durability
  var cacheKiB = StorageDatabase.Options().cacheSizeKiB
  let appends = 1000
  let pages = 1000
  let searches = 50
  let pagingConversations = 200
  var importBatch = 100
  var orderedIDs = true

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let value = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--messages":
        guard let count = Int(value), count >= StorageBenchmarkCorpus.messagesPerConversation else {
          throw BenchmarkError(description: "--messages needs a whole number of at least 100")
        }
        messages = count
      case "--cache-kib":
        guard let kibibytes = Int(value), kibibytes >= 64 else {
          throw BenchmarkError(description: "--cache-kib needs a whole number of at least 64")
        }
        cacheKiB = kibibytes
      case "--import-batch":
        guard let count = Int(value), count >= 1 else {
          throw BenchmarkError(description: "--import-batch needs a whole number of at least 1")
        }
        importBatch = count
      case "--ids":
        guard value == "random" || value == "ordered" else {
          throw BenchmarkError(
            description: "--ids is random (version 4) or ordered (version 7 style)")
        }
        orderedIDs = value == "ordered"
      case "--durability":
        guard let chosen = StorageDatabase.Durability(rawValue: value) else {
          throw BenchmarkError(description: "--durability is powerLoss or processCrash")
        }
        durability = chosen
      default:
        throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-storage-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let conversationCount = messages / StorageBenchmarkCorpus.messagesPerConversation
    let options = StorageDatabase.Options(durability: durability, cacheSizeKiB: cacheKiB)
    print("load average at start: \(StorageBenchmarkClock.loadAverage())")
    print(
      "storage: \(conversationCount * StorageBenchmarkCorpus.messagesPerConversation) messages"
        + " in \(conversationCount) conversations, durability \(durability.rawValue),"
        + " cache \(options.cacheSizeKiB) KiB per connection, SQLite in WAL mode,"
        + " \(orderedIDs ? "time-ordered" : "random (v4)") ids")

    let kilnPath = folder.appendingPathComponent("kiln.sqlite").path
    let rawPath = folder.appendingPathComponent("raw.sqlite").path
    // Storage creates both schemas, so the baseline runs on identical tables.
    await (try StorageDatabase(path: rawPath, options: options, clock: .live)).close()
    let database = try StorageDatabase(path: kilnPath, options: options, clock: .live)
    let raw = try StorageBenchmarkRaw(
      path: rawPath, synchronous: durability == .powerLoss ? "FULL" : "NORMAL",
      cacheKiB: options.cacheSizeKiB)
    let kiln = StorageBenchmarkSubject(database: database)
    let corpus = StorageBenchmarkCorpus(orderedIDs: orderedIDs)

    var ids: [UUID] = []
    var importKiln = StorageBenchmarkCost()
    var importRaw = StorageBenchmarkCost()
    // Import in batches of 100 conversations (10,000 messages) per transaction, as
    // `ChatArchiver` does.
    for start in stride(from: 0, to: conversationCount, by: importBatch) {
      let batch = (start..<min(start + importBatch, conversationCount)).map { index in
        let (conversation, thread) = corpus.conversation(index)
        return ConversationBundle(conversation: conversation, messages: thread)
      }
      ids += batch.map(\.conversation.id)
      // Alternate which goes first so neither always meets a warmer cache.
      if start / importBatch % 2 == 0 {
        importKiln += try await StorageBenchmarkCost.of {
          try await kiln.conversations.insert(batch)
        }
        importRaw += try await StorageBenchmarkCost.of { try raw.insert(batch) }
      } else {
        importRaw += try await StorageBenchmarkCost.of { try raw.insert(batch) }
        importKiln += try await StorageBenchmarkCost.of {
          try await kiln.conversations.insert(batch)
        }
      }
    }
    var report = StorageBenchmarkReport()
    report.add("bulk import", kiln: importKiln.wall, raw: importRaw.wall, target: .seconds(30))
    report.add(
      "bulk import, CPU time", kiln: importKiln.cpu, raw: importRaw.cpu, target: .seconds(30))

    let appendTarget = ids[0]
    var appendKiln: [Duration] = []
    var appendRaw: [Duration] = []
    for step in 0..<appends {
      let message = MessageDTO(
        id: corpus.identifier(), conversationID: appendTarget, role: .user, text: corpus.text(),
        createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(step)))
      appendKiln.append(
        try await StorageBenchmarkClock.time { _ = try await kiln.messages.append(message) })
      appendRaw.append(try await StorageBenchmarkClock.time { try raw.append(message) })
    }
    report.add(
      "durable append (median)", kiln: StorageBenchmarkClock.median(appendKiln),
      raw: StorageBenchmarkClock.median(appendRaw),
      target: .milliseconds(1))

    let random = RandomSource.seeded(7)
    var pageKiln: [Duration] = []
    var pageRaw: [Duration] = []
    for _ in 0..<pages {
      let id = ids[Int(random.unit() * Double(ids.count))]
      pageKiln.append(
        try await StorageBenchmarkClock.time {
          _ = try await kiln.messages.page(conversationID: id, before: nil, limit: 50)
        })
      pageRaw.append(try await StorageBenchmarkClock.time { _ = try raw.newestPage(id, limit: 50) })
    }
    report.add(
      "newest page of 50 (median)", kiln: StorageBenchmarkClock.median(pageKiln),
      raw: StorageBenchmarkClock.median(pageRaw),
      target: .milliseconds(2))

    var searchKiln: [Duration] = []
    var searchRaw: [Duration] = []
    var hits = 0
    for _ in 0..<searches {
      searchKiln.append(
        try await StorageBenchmarkClock.time {
          hits = try await kiln.messages.searchMessages(
            StorageBenchmarkCorpus.commonWord, limit: 20
          ).count
        })
      searchRaw.append(
        try await StorageBenchmarkClock.time {
          _ = try raw.search(
            "\"\(StorageBenchmarkCorpus.commonWord)\"", window: MessageSearch.window, limit: 20)
        })
    }
    report.add(
      "search '\(StorageBenchmarkCorpus.commonWord)' top 20 (median)",
      kiln: StorageBenchmarkClock.median(searchKiln),
      raw: StorageBenchmarkClock.median(searchRaw), target: .milliseconds(50))

    let pagingIDs = Array(ids.prefix(pagingConversations))
    let rawPeak = try await StorageBenchmarkClock.peakMemory { try pageThroughRaw(raw, pagingIDs) }
    let kilnPeak = try await StorageBenchmarkClock.peakMemory {
      try await pageThrough(kiln.messages, pagingIDs)
    }
    report.addMemory(
      "peak memory paging \(pagingIDs.count) conversations", kiln: kilnPeak, raw: rawPeak,
      targetBytes: 100 * 1_048_576)

    report.print()
    print("search returned \(hits) hits; ratio budget: Kiln <= 1.5x raw SQLite")
    print("load average at end: \(StorageBenchmarkClock.loadAverage())")
    await database.close()
  }

  private func pageThrough(_ messages: SQLiteMessageRepository, _ ids: [UUID]) async throws {
    for id in ids {
      var cursor: MessageCursor?
      repeat {
        let page = try await messages.page(conversationID: id, before: cursor, limit: 50)
        cursor = page.next
      } while cursor != nil
    }
  }

  private func pageThroughRaw(_ raw: StorageBenchmarkRaw, _ ids: [UUID]) throws {
    for id in ids {
      var rows = try raw.newestPage(id, limit: 50)
      while rows.count > 50, let last = rows.dropLast().last, let lastID = last.id {
        rows = try raw.page(id, before: (last.createdAt, lastID), limit: 50)
      }
    }
  }
}

/// The repositories under test, over one database.
struct StorageBenchmarkSubject {
  let conversations: SQLiteConversationRepository
  let messages: SQLiteMessageRepository

  init(database: StorageDatabase) {
    conversations = SQLiteConversationRepository(database: database, clock: .live, uuid: .live)
    messages = SQLiteMessageRepository(database: database)
  }
}

/// Wall-clock and CPU time (user + system, whole process) spent in some work.
struct StorageBenchmarkCost {
  var wall = Duration.zero
  var cpu = Duration.zero

  static func += (lhs: inout StorageBenchmarkCost, rhs: StorageBenchmarkCost) {
    lhs.wall += rhs.wall
    lhs.cpu += rhs.cpu
  }

  /// What `body` costs.
  static func of(_ body: () async throws -> Void) async throws -> StorageBenchmarkCost {
    let cpuBefore = StorageBenchmarkClock.processCPUTime()
    let wall = try await StorageBenchmarkClock.time(body)
    return StorageBenchmarkCost(wall: wall, cpu: StorageBenchmarkClock.processCPUTime() - cpuBefore)
  }
}

/// Timing and memory helpers for `kiln-bench storage`.
enum StorageBenchmarkClock {
  /// User plus system CPU time of the whole process so far.
  static func processCPUTime() -> Duration {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    func duration(_ value: timeval) -> Duration {
      .seconds(Int64(value.tv_sec)) + .microseconds(Int64(value.tv_usec))
    }
    return duration(usage.ru_utime) + duration(usage.ru_stime)
  }

  /// The 1, 5 and 15 minute load averages, to judge how busy the machine was.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// How long `body` takes.
  static func time(_ body: () async throws -> Void) async throws -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return clock.now - start
  }

  /// The median of `samples`.
  static func median(_ samples: [Duration]) -> Duration {
    let sorted = samples.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
  }

  /// The process's peak resident memory while `body` runs: the high-water mark is reset
  /// first (`/proc/self/clear_refs`), so earlier phases do not count.
  static func peakMemory(_ body: () async throws -> Void) async throws -> Int {
    try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    try await body()
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      return kilobytes * 1024
    }
    return 0
  }
}
