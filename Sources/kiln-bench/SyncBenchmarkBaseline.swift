import Foundation
import Networking
import Storage
import TestSupport

/// The floors `kiln-bench sync` prints beside its figures, measured in the same run:
/// - raw SQLite: the same conversations and messages inserted through the SQLite C API
///   (`StorageBenchmarkRaw`, Storage's own statements with no Swift layer) into a fresh file
///   with Storage's schema, in one transaction, as fast as SQLite can store them;
/// - HTTP replay: a round's very requests sent again through the same HTTP client to a
///   loopback server that answers each with the reply kiln-server gave, byte for byte, so
///   the same bytes cross loopback with no store, no codec and no journal.
enum SyncBenchmarkBaseline {
  /// How long the raw insert of `bundles` into a new file in `folder` takes.
  /// - Throws: `StorageError` or `BenchmarkError` when the file cannot be made or written.
  static func rawInsert(_ bundles: [ConversationBundle], folder: URL) async throws -> Duration {
    let path = folder.appendingPathComponent("raw.sqlite").path
    // Storage makes the schema, so the floor writes the very tables (and indexes) the
    // device does.
    await (try StorageDatabase(path: path, clock: .live)).close()
    let raw = try StorageBenchmarkRaw(
      path: path, synchronous: "NORMAL", cacheKiB: StorageDatabase.Options().cacheSizeKiB)
    return try await StorageBenchmarkClock.time { try raw.insert(bundles) }
  }

  /// How long sending `calls` again takes, one after another as the round sent them, when
  /// each is answered with its recorded reply. The calls must have kept their bodies.
  /// - Throws: `BenchmarkError` when a call has no bodies; `HTTPError` when one fails.
  static func replay(_ calls: [SyncBenchmarkHTTP.Call]) async throws -> Duration {
    let server = try BenchmarkSupport.loopbackServer()
    defer { server.stop() }
    var requests: [HTTPRequest] = []
    for call in calls {
      guard let request = call.request, let reply = call.reply else {
        throw BenchmarkError(description: "a call to replay kept no bodies")
      }
      server.enqueue(
        LoopbackResponse(
          headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(reply)),
        method: .post, path: call.path)
      requests.append(
        HTTPRequest(url: server.url(call.path), method: .post)
          .withHeaders([
            "apikey": "replayed", "Authorization": "Bearer replayed", "Accept": "application/json",
          ])
          .withBody(request, contentType: "application/json"))
    }
    let client = URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: "kiln-bench")], clock: .live)
    // One exchange first, so the connection is open as it was for the round.
    server.route(.post, "/warm-up", .json("{}"))
    _ = try await client.send(HTTPRequest(url: server.url("/warm-up"), method: .post))
    return try await StorageBenchmarkClock.time {
      for request in requests {
        _ = try await client.stream(request).body.collect()
      }
    }
  }
}
