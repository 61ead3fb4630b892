import Synchronization

/// Counters a server and its observation middleware keep, read by `GET /metrics`.
///
/// The event loops add connections, streams and bytes (each loop sums its bytes locally and
/// adds them once per wake-up); `ObservationMiddleware` records every finished request by
/// route pattern and status, and its latency in a histogram. Nothing here is per-client,
/// so the label sets stay small whatever the clients send.
public final class HTTPServerMetrics: Sendable {
  /// The upper bounds of the latency histogram's buckets, in seconds, ascending.
  public let latencyBuckets: [Double]
  let openConnections = Atomic<Int>(0)
  let openStreams = Atomic<Int>(0)
  let receivedBytes = Atomic<Int>(0)
  let sentBytes = Atomic<Int>(0)
  /// Request body bytes the server holds now, announced or read, until each request is
  /// answered (`HTTPServerConfiguration.maxBufferedBodyBytes` bounds it).
  let heldBodyBytes = Atomic<Int>(0)
  private let table = Mutex(RequestTable())

  /// What one route (pattern, or none) has seen.
  struct RouteSeries: Sendable {
    var statusCounts: [Int: Int] = [:]
    var bucketCounts: [Int]
    var latencySum = 0.0
    var count = 0

    mutating func add(status: Int, bucket: Int, seconds: Double) {
      statusCounts[status, default: 0] += 1
      bucketCounts[bucket] += 1
      latencySum += seconds
      count += 1
    }
  }

  struct RequestTable: Sendable {
    var series: [SeriesKey: RouteSeries] = [:]
  }

  struct SeriesKey: Sendable, Hashable, Comparable {
    var method: String
    var route: String

    static func < (left: SeriesKey, right: SeriesKey) -> Bool {
      (left.route, left.method) < (right.route, right.method)
    }
  }

  /// Metrics with latency buckets from 1 ms to 10 s (Prometheus client defaults plus 1 ms).
  public init(
    latencyBuckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
  ) {
    self.latencyBuckets = latencyBuckets.sorted()
  }

  /// The route label for requests that matched no route (404, 405).
  public static let unmatchedRoute = "unmatched"

  /// The method's name when it is reported by name; any other token a client sends is
  /// counted as `OTHER`. A `switch` compares the short names without hashing them.
  static func reportedMethod(_ name: String) -> String {
    switch name {
    case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE": name
    default: "OTHER"
    }
  }

  /// Counts a finished request under its method, route pattern and status, and its latency.
  public func record(_ record: HTTPExchangeRecord) {
    let method = Self.reportedMethod(record.method.rawValue)
    let key = SeriesKey(method: method, route: record.route ?? Self.unmatchedRoute)
    let seconds = max(0, record.latency.timeInterval)
    let bucket = latencyBuckets.firstIndex { seconds <= $0 } ?? latencyBuckets.count
    let bucketCount = latencyBuckets.count + 1
    table.withLock { table in
      // Changed in place: a copy taken out of the dictionary would copy its arrays too, on
      // every request, under the lock every loop shares.
      table.series[key, default: RouteSeries(bucketCounts: Array(repeating: 0, count: bucketCount))]
        .add(status: record.status, bucket: bucket, seconds: seconds)
    }
  }

  /// Connections open now.
  public var connections: Int { openConnections.load(ordering: .relaxed) }
  /// Streamed responses in progress now.
  public var streams: Int { openStreams.load(ordering: .relaxed) }
  /// Request body bytes held now (reserved from the body budget).
  public var bodyBytesHeld: Int { heldBodyBytes.load(ordering: .relaxed) }
  /// Bytes read from clients since start.
  public var bytesReceived: Int { receivedBytes.load(ordering: .relaxed) }
  /// Bytes written to clients since start.
  public var bytesSent: Int { sentBytes.load(ordering: .relaxed) }

  /// How many finished requests had this method, route pattern (or `unmatchedRoute`) and
  /// status.
  public func requestCount(method: String, route: String, status: Int) -> Int {
    table.withLock { $0.series[SeriesKey(method: method, route: route)]?.statusCounts[status] ?? 0 }
  }

  func seriesSnapshot() -> [(SeriesKey, RouteSeries)] {
    table.withLock { $0.series.sorted { $0.key < $1.key } }
  }
}
