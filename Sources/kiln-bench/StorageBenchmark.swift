import Core
import Foundation
import Storage

extension Benchmark {
  /// `kiln-bench storage [--messages N] [--durability powerLoss|processCrash]`.
  static let storage = Benchmark(
    name: "storage",
    summary: "Storage repositories vs raw SQLite: import, append, page, search, memory",
    run: { arguments in try await StorageBenchmark(arguments: arguments).run() }
  )
}

/// Builds a chat database through Storage and, in the same run and interleaved, the same
/// data through raw SQLite (`RawSQLite`, the same SQL without the Swift layer), then times
/// the operations the app makes most often. Every figure is printed beside its baseline,
/// its target and the 1.5x budget for Kiln's layer.
struct StorageBenchmark {
  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  var messages = 1_000_000
  var durability = StorageDatabase.Options().durability
  let appends = 1000
  let pages = 1000
  let searches = 50
  let pagingConversations = 200

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let value = remaining.popFirst() else {
        throw UsageError(description: "\(option) needs a value")
      }
      switch option {
      case "--messages":
        guard let count = Int(value), count >= StorageBenchmarkCorpus.messagesPerConversation else {
          throw UsageError(description: "--messages needs a whole number of at least 100")
        }
        messages = count
      case "--durability":
        guard let chosen = StorageDatabase.Durability(rawValue: value) else {
          throw UsageError(description: "--durability is powerLoss or processCrash")
        }
        durability = chosen
      default:
        throw UsageError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-storage-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let conversationCount = messages / StorageBenchmarkCorpus.messagesPerConversation
    let options = StorageDatabase.Options(durability: durability)
    print(
      "storage: \(conversationCount * StorageBenchmarkCorpus.messagesPerConversation) messages"
        + " in \(conversationCount) conversations, durability \(durability.rawValue),"
        + " cache \(options.cacheSizeKiB) KiB per connection, SQLite in WAL mode")

    let kilnPath = folder.appendingPathComponent("kiln.sqlite").path
    let rawPath = folder.appendingPathComponent("raw.sqlite").path
    // Storage creates both schemas, so the baseline runs on identical tables.
    await (try StorageDatabase(path: rawPath, options: options, clock: .live)).close()
    let database = try StorageDatabase(path: kilnPath, options: options, clock: .live)
    let raw = try RawSQLite(
      path: rawPath, synchronous: durability == .powerLoss ? "FULL" : "NORMAL",
      cacheKiB: options.cacheSizeKiB)
    let kiln = StorageBenchmarkSubject(database: database)
    let corpus = StorageBenchmarkCorpus()

    var ids: [UUID] = []
    var importKiln = Duration.zero
    var importRaw = Duration.zero
    for index in 0..<conversationCount {
      let (conversation, thread) = corpus.conversation(index)
      ids.append(conversation.id)
      // Alternate which goes first so neither always meets a warmer cache.
      if index % 2 == 0 {
        importKiln += try await time {
          try await kiln.conversations.insert(conversation, messages: thread)
        }
        importRaw += try await time { try raw.insert(conversation, messages: thread) }
      } else {
        importRaw += try await time { try raw.insert(conversation, messages: thread) }
        importKiln += try await time {
          try await kiln.conversations.insert(conversation, messages: thread)
        }
      }
    }
    var report = StorageBenchmarkReport()
    report.add("bulk import", kiln: importKiln, raw: importRaw, target: .seconds(30))

    let appendTarget = ids[0]
    var appendKiln: [Duration] = []
    var appendRaw: [Duration] = []
    for step in 0..<appends {
      let message = MessageDTO(
        id: corpus.identifier(), conversationID: appendTarget, role: .user, text: corpus.text(),
        createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(step)))
      appendKiln.append(try await time { _ = try await kiln.messages.append(message) })
      appendRaw.append(try await time { try raw.append(message) })
    }
    report.add(
      "durable append (median)", kiln: median(appendKiln), raw: median(appendRaw),
      target: .milliseconds(1))

    let random = RandomSource.seeded(7)
    var pageKiln: [Duration] = []
    var pageRaw: [Duration] = []
    for _ in 0..<pages {
      let id = ids[Int(random.unit() * Double(ids.count))]
      pageKiln.append(
        try await time {
          _ = try await kiln.messages.page(conversationID: id, before: nil, limit: 50)
        })
      pageRaw.append(try await time { _ = try raw.newestPage(id, limit: 50) })
    }
    report.add(
      "newest page of 50 (median)", kiln: median(pageKiln), raw: median(pageRaw),
      target: .milliseconds(2))

    var searchKiln: [Duration] = []
    var searchRaw: [Duration] = []
    var hits = 0
    for _ in 0..<searches {
      searchKiln.append(
        try await time {
          hits = try await kiln.messages.searchMessages(
            StorageBenchmarkCorpus.commonWord, limit: 20
          ).count
        })
      searchRaw.append(
        try await time {
          _ = try raw.search(
            "\"\(StorageBenchmarkCorpus.commonWord)\"", window: MessageSearch.window, limit: 20)
        })
    }
    report.add(
      "search '\(StorageBenchmarkCorpus.commonWord)' top 20 (median)", kiln: median(searchKiln),
      raw: median(searchRaw), target: .milliseconds(50))

    let pagingIDs = Array(ids.prefix(pagingConversations))
    let rawPeak = try await peakMemory { try pageThroughRaw(raw, pagingIDs) }
    let kilnPeak = try await peakMemory { try await pageThrough(kiln.messages, pagingIDs) }
    report.addMemory(
      "peak memory paging \(pagingIDs.count) conversations", kiln: kilnPeak, raw: rawPeak,
      targetBytes: 100 * 1_048_576)

    report.print()
    print("search returned \(hits) hits; ratio budget: Kiln <= 1.5x raw SQLite")
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

  private func pageThroughRaw(_ raw: RawSQLite, _ ids: [UUID]) throws {
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

/// How long `body` takes.
func time(_ body: () async throws -> Void) async throws -> Duration {
  let clock = ContinuousClock()
  let start = clock.now
  try await body()
  return clock.now - start
}

/// The median of `samples`.
func median(_ samples: [Duration]) -> Duration {
  let sorted = samples.sorted()
  return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
}

/// The process's peak resident memory while `body` runs: the high-water mark is reset
/// first (`/proc/self/clear_refs`), so earlier phases do not count.
func peakMemory(_ body: () async throws -> Void) async throws -> Int {
  try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
  try await body()
  let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return kilobytes * 1024
  }
  return 0
}
