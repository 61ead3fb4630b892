import AI
import Core
import Foundation
import Networking
import TestSupport

#if canImport(CMallocInfo)
  import CMallocInfo
#endif

extension Benchmark {
  /// `kiln-bench stream [--runs N] [--tokens T]`: a chat client against a loopback server.
  static let stream = Benchmark(
    name: "stream",
    summary: "chat client cost per token over loopback, beside the raw transfer",
    run: { arguments in try await StreamBenchmark(arguments: arguments).run() }
  )
}

/// Streams a recorded-style reply of `tokens` content chunks from a loopback server that
/// sends it as fast as the client reads, through `OpenAICompatibleClient`, and compares the
/// time with reading the same bytes through the same HTTP client without decoding them.
struct StreamBenchmark {
  var runs = 5
  var tokens = 10_000

  init(arguments: [String]) throws {
    let options = try BenchmarkSupport.positiveOptions(arguments, allowed: ["--runs", "--tokens"])
    runs = options["--runs"] ?? runs
    tokens = options["--tokens"] ?? tokens
  }

  func run() async throws {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    let body = StreamBenchmarkBody.make(tokens: tokens)
    let response = LoopbackResponse.generated(
      byteCount: body.bytes.count, pattern: Data(body.bytes), chunked: true,
      contentType: "text/event-stream")
    server.route(.post, "/v1/chat/completions", response)
    server.route(.post, "/raw", response)
    let http = URLSessionHTTPClient(baseURL: nil, clock: .live)
    // The same client streaming through URLSession, which cannot pause a transfer: the
    // baseline for flow control.
    let unpaced = URLSessionHTTPClient(
      baseURL: nil, configuration: HTTPClientConfiguration(flowControlledStreams: false),
      clock: .live)
    let client = OpenAICompatibleClient(
      baseURL: server.url("/v1"), apiKey: "sk-bench", model: "gpt-4o-mini", httpClient: http)
    let unpacedClient = OpenAICompatibleClient(
      baseURL: server.url("/v1"), apiKey: "sk-bench", model: "gpt-4o-mini", httpClient: unpaced)
    let request = ChatCompletionRequest(messages: [.user("Tell me a long story.")])
    print(
      "stream: \(tokens) tokens, \(body.bytes.count) bytes of SSE over loopback,"
        + " median of \(runs) runs")

    // Warm up both paths once (connections, code pages), then measure.
    _ = try await readRaw(http, server.url("/raw"), expectedBytes: body.bytes.count)
    _ = try await readClient(client, request, expected: body.reply)
    _ = try await readClient(unpacedClient, request, expected: body.reply)
    var raw: [Double] = []
    var decoded: [Double] = []
    var streamed: [Double] = []
    var unpacedStreamed: [Double] = []
    for _ in 0..<runs {
      raw.append(try await readRaw(http, server.url("/raw"), expectedBytes: body.bytes.count))
      decoded.append(try decodeInMemory(body.bytes, expected: body.reply))
      streamed.append(try await readClient(client, request, expected: body.reply))
      unpacedStreamed.append(try await readClient(unpacedClient, request, expected: body.reply))
    }
    let perToken = { (seconds: Double) in seconds / Double(tokens) * 1e6 }
    let clientCost = perToken(median(streamed))
    report("raw transfer", "\(format(perToken(median(raw)))) µs/token", "baseline: same bytes", nil)
    report("decoder, in memory", "\(format(perToken(median(decoded)))) µs/token", "", nil)
    report("client, loopback", "\(format(clientCost)) µs/token", "target < 5 µs", clientCost < 5)
    report(
      "client - raw transfer", "\(format(clientCost - perToken(median(raw)))) µs/token", "", nil)
    report(
      "client, URLSession", "\(format(perToken(median(unpacedStreamed)))) µs/token",
      "no flow control", nil)

    try await reportMemory(
      server: server, clients: (http, unpaced), request: request, short: body)
  }

  /// Prints how much resident memory the process gained while a reply streamed, with this
  /// reply and one four times as long (after a warm-up run; minimum, median and maximum of
  /// five): through the flow-controlled stream, through `URLSession` (which cannot pause a
  /// transfer, so whatever the decoder has not taken yet piles up), and the raw read of the
  /// same bytes. A client that kept the wire bytes would grow with the wire; one that keeps
  /// the reply grows with the reply. Resident memory is a coarse, noisy measure (the
  /// allocator keeps freed pages per thread), hence the spread.
  private func reportMemory(
    server: LoopbackHTTPServer,
    clients: (paced: URLSessionHTTPClient, unpaced: URLSessionHTTPClient),
    request: ChatCompletionRequest, short: (bytes: [UInt8], reply: String)
  ) async throws {
    let long = StreamBenchmarkBody.make(tokens: tokens * 4)
    server.route(
      .post, "/x4/chat/completions",
      .generated(
        byteCount: long.bytes.count, pattern: Data(long.bytes), chunked: true,
        contentType: "text/event-stream"))
    print(
      "  memory gained while streaming, KiB (min / median / max of 5):"
        + " live heap, then resident")
    let sizes = [("/v1", tokens, short), ("/x4", tokens * 4, long)]
    for (prefix, count, body) in sizes {
      let client = OpenAICompatibleClient(
        baseURL: server.url(prefix), apiKey: "sk-bench", model: "gpt-4o-mini",
        httpClient: clients.paced)
      let unpacedClient = OpenAICompatibleClient(
        baseURL: server.url(prefix), apiKey: "sk-bench", model: "gpt-4o-mini",
        httpClient: clients.unpaced)
      let url = server.url(prefix + "/chat/completions")
      _ = try await rawGrowth(clients.paced, url)
      _ = try await clientGrowth(client, request, expected: body.reply)
      _ = try await clientGrowth(unpacedClient, request, expected: body.reply)
      var raw: [MemoryGrowth] = []
      var decoded: [MemoryGrowth] = []
      var unpaced: [MemoryGrowth] = []
      for _ in 0..<5 {
        raw.append(try await rawGrowth(clients.paced, url))
        decoded.append(try await clientGrowth(client, request, expected: body.reply))
        unpaced.append(try await clientGrowth(unpacedClient, request, expected: body.reply))
      }
      let replyBytes = body.reply.utf8.count
      let note = "reply \(replyBytes / 1024) KiB, wire \(body.bytes.count / 1024) KiB"
      report("client, \(count) tokens", spread(decoded), note, nil)
      report("  through URLSession", spread(unpaced), "baseline: no flow control", nil)
      report("  raw read, same bytes", spread(raw), "baseline: no decoding", nil)
      if HeapInUse.isAvailable {
        // The reply's own text (a growing string may hold twice its length) plus a fixed
        // allowance for the read-ahead, the libcurl and parser buffers: nothing that grows
        // with the wire.
        let worst = decoded.map(\.heap).max() ?? 0
        let bound = 2 * replyBytes + 256 * 1024
        report(
          "  client heap, worst run", "\(worst / 1024) KiB",
          "target < 2 x reply + 256 KiB = \(bound / 1024)", worst < bound)
      }
    }
  }

  /// `heap min / median / max, resident min / median / max`, in KiB.
  private func spread(_ values: [MemoryGrowth]) -> String {
    func triple(_ numbers: [Int]) -> String {
      let sorted = numbers.sorted().map { $0 / 1024 }
      return "\(sorted[0]) / \(sorted[sorted.count / 2]) / \(sorted[sorted.count - 1])"
    }
    let resident = triple(values.map(\.resident))
    guard HeapInUse.isAvailable else { return resident }
    return "\(triple(values.map(\.heap))), \(resident)"
  }

  /// The most memory gained while the body is read and dropped chunk by chunk.
  private func rawGrowth(_ http: URLSessionHTTPClient, _ url: URL) async throws -> MemoryGrowth {
    var growth = MemoryGrowth()
    let response = try await http.stream(HTTPRequest(url: url, method: .post))
    for try await _ in response.body { growth.sample() }
    return growth
  }

  /// The most memory gained while a reply streams into a `ChatCompletionReply`, sampled every
  /// 64 events.
  private func clientGrowth(
    _ client: OpenAICompatibleClient, _ request: ChatCompletionRequest, expected: String
  ) async throws -> MemoryGrowth {
    var growth = MemoryGrowth()
    var reply = ChatCompletionReply()
    var count = 0
    for await event in client.streamChatCompletion(request) {
      reply.apply(event)
      count += 1
      if count % 64 == 0 { growth.sample() }
    }
    growth.sample()
    try check(reply, expected: expected)
    return growth
  }

  // MARK: - The three readers

  /// Reads the body through the HTTP client and counts its bytes: the baseline.
  private func readRaw(
    _ http: URLSessionHTTPClient, _ url: URL, expectedBytes: Int
  ) async throws -> Double {
    let start = ContinuousClock.now
    let response = try await http.stream(HTTPRequest(url: url, method: .post))
    var count = 0
    for try await chunk in response.body { count += chunk.count }
    let seconds = (ContinuousClock.now - start).timeInterval
    guard count == expectedBytes else {
      throw BenchmarkError(description: "raw read \(count) bytes, expected \(expectedBytes)")
    }
    return seconds
  }

  /// Streams the reply through the client, building it as an app would.
  private func readClient(
    _ client: OpenAICompatibleClient, _ request: ChatCompletionRequest, expected: String
  ) async throws -> Double {
    let start = ContinuousClock.now
    var reply = ChatCompletionReply()
    for await event in client.streamChatCompletion(request) { reply.apply(event) }
    let seconds = (ContinuousClock.now - start).timeInterval
    try check(reply, expected: expected)
    return seconds
  }

  /// Decodes the same bytes in 16 KiB pieces without any network, for reference.
  private func decodeInMemory(_ bytes: [UInt8], expected: String) throws -> Double {
    let start = ContinuousClock.now
    var decoder = ChatCompletionStreamDecoder()
    var events: [ChatStreamEvent] = []
    var reply = ChatCompletionReply()
    var offset = 0
    while offset < bytes.count {
      let end = min(offset + 16 * 1024, bytes.count)
      decoder.push(Array(bytes[offset..<end]), into: &events)
      for event in events { reply.apply(event) }
      events.removeAll(keepingCapacity: true)
      offset = end
    }
    decoder.finish(cause: nil, into: &events)
    for event in events { reply.apply(event) }
    let seconds = (ContinuousClock.now - start).timeInterval
    try check(reply, expected: expected)
    return seconds
  }

  private func check(_ reply: ChatCompletionReply, expected: String) throws {
    guard reply.outcome == .completed(finishReason: .stop), reply.content == expected,
      reply.usage != nil
    else {
      throw BenchmarkError(
        description: "unexpected reply: outcome \(String(describing: reply.outcome)),"
          + " \(reply.content.utf8.count) of \(expected.utf8.count) bytes")
    }
  }

  // MARK: - Memory

  // MARK: - Output

  private func report(_ name: String, _ value: String, _ target: String, _ passed: Bool?) {
    let verdict = passed.map { $0 ? "PASS" : "MISS" } ?? ""
    print("  \(pad(name, 24))\(pad(value, 32))\(pad(target, 36))\(verdict)")
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  private func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}

/// The highest live heap and resident memory seen since creation, above the starting point.
struct MemoryGrowth {
  private let heapBefore = HeapInUse.bytes()
  private let residentBefore = ResidentMemory.bytes()
  private(set) var heap = 0
  private(set) var resident = 0

  /// Reads both figures now and keeps the larger growth.
  mutating func sample() {
    heap = max(heap, HeapInUse.bytes() - heapBefore)
    resident = max(resident, ResidentMemory.bytes() - residentBefore)
  }
}

/// Bytes allocated and not yet freed, from glibc's `mallinfo2` (Linux; unavailable elsewhere).
/// Unlike resident memory it does not keep pages the allocator has already freed, so a
/// transient buffer shows up however many runs came before.
enum HeapInUse {
  #if canImport(CMallocInfo)
    static let isAvailable = true
    static func bytes() -> Int { Int(kiln_heap_bytes_in_use()) }
  #else
    static let isAvailable = false
    static func bytes() -> Int { 0 }
  #endif
}

/// The process's resident memory, read from `/proc/self/statm` (Linux; 0 elsewhere).
enum ResidentMemory {
  /// Resident bytes now.
  static func bytes() -> Int {
    guard let handle = FileHandle(forReadingAtPath: "/proc/self/statm") else { return 0 }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() else { return 0 }
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// The SSE body the loopback server sends.
enum StreamBenchmarkBody {
  private static let words = [
    "The", " quick", " brown", " fox", " jumps", " over", " the", " lazy", " dog", ".",
    " Streaming", " tokens", " arrive", " one", " chunk", " at", " a", " time", ",",
    " café", " naïve", " 東京", " 🙂", " \\\"quoted\\\"", "\\n\\n", " résumé", " —", " 42",
  ]

  /// OpenAI-style chunks, one content token each, with OpenRouter keep-alives now and then,
  /// a finish chunk, a usage chunk and `[DONE]`; `reply` is the text they carry.
  static func make(tokens: Int) -> (bytes: [UInt8], reply: String) {
    var text = ""
    var reply = ""
    let prefix =
      "data: {\"id\":\"chatcmpl-9xBenchAbCdEfGhIjKlMnOpQrStUv\",\"object\":\"chat.completion.chunk\","
      + "\"created\":1718000000,\"model\":\"gpt-4o-mini-2024-07-18\","
      + "\"system_fingerprint\":\"fp_0aa8d3e20b\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
    for index in 0..<tokens {
      let word = words[(index &* 7) % words.count]
      text += prefix + word + "\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\n\n"
      reply += word.replacingOccurrences(of: "\\\"", with: "\"")
        .replacingOccurrences(of: "\\n", with: "\n")
      if index % 500 == 0 { text += ": OPENROUTER PROCESSING\n\n" }
    }
    text +=
      "data: {\"id\":\"chatcmpl-9xBench\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,"
      + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"delta\":{},"
      + "\"logprobs\":null,\"finish_reason\":\"stop\"}],\"usage\":null}\n\n"
      + "data: {\"id\":\"chatcmpl-9xBench\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,"
      + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,"
      + "\"completion_tokens\":\(tokens),\"total_tokens\":\(tokens + 12)}}\n\ndata: [DONE]\n\n"
    return (Array(text.utf8), reply)
  }
}
