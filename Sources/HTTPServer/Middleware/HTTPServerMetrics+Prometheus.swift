extension HTTPServerMetrics {
  /// The `Content-Type` of `prometheusText()` (text exposition format 0.0.4).
  public static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"

  /// Every metric in Prometheus' text exposition format: requests by method, route and
  /// status, the latency histogram by method and route, open connections and streams, and
  /// bytes in and out.
  public func prometheusText() -> String {
    var lines: [String] = []
    let series = seriesSnapshot()
    lines.append("# HELP kiln_http_requests_total Requests answered, by route pattern and status.")
    lines.append("# TYPE kiln_http_requests_total counter")
    for (key, route) in series {
      for (status, count) in route.statusCounts.sorted(by: { $0.key < $1.key }) {
        lines.append(
          "kiln_http_requests_total{\(labels(key)),status=\"\(status)\"} \(count)")
      }
    }
    lines.append(
      "# HELP kiln_http_request_duration_seconds Time until the response head was ready.")
    lines.append("# TYPE kiln_http_request_duration_seconds histogram")
    for (key, route) in series {
      var cumulative = 0
      for (index, bound) in latencyBuckets.enumerated() {
        cumulative += route.bucketCounts[index]
        lines.append(
          "kiln_http_request_duration_seconds_bucket{\(labels(key)),le=\"\(number(bound))\"} "
            + "\(cumulative)")
      }
      lines.append(
        "kiln_http_request_duration_seconds_bucket{\(labels(key)),le=\"+Inf\"} \(route.count)")
      lines.append(
        "kiln_http_request_duration_seconds_sum{\(labels(key))} \(number(route.latencySum))")
      lines.append("kiln_http_request_duration_seconds_count{\(labels(key))} \(route.count)")
    }
    gauge(&lines, "kiln_http_open_connections", "Client connections open now.", connections)
    gauge(&lines, "kiln_http_open_streams", "Streamed responses in progress.", streams)
    gauge(
      &lines, "kiln_http_request_body_bytes_held",
      "Request body bytes held now, from each head until its answer.", bodyBytesHeld)
    counter(&lines, "kiln_http_received_bytes_total", "Bytes read from clients.", bytesReceived)
    counter(&lines, "kiln_http_sent_bytes_total", "Bytes written to clients.", bytesSent)
    return lines.joined(separator: "\n") + "\n"
  }

  private func gauge(_ lines: inout [String], _ name: String, _ help: String, _ value: Int) {
    lines += ["# HELP \(name) \(help)", "# TYPE \(name) gauge", "\(name) \(value)"]
  }

  private func counter(_ lines: inout [String], _ name: String, _ help: String, _ value: Int) {
    lines += ["# HELP \(name) \(help)", "# TYPE \(name) counter", "\(name) \(value)"]
  }

  private func labels(_ key: SeriesKey) -> String {
    "method=\"\(Self.escapeLabel(key.method))\",route=\"\(Self.escapeLabel(key.route))\""
  }

  /// A float as Prometheus reads it, without a trailing `.0` for whole numbers.
  private func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// Backslash, double quote and line feed escaped, as label values require.
  static func escapeLabel(_ value: String) -> String {
    var escaped = ""
    for character in value {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
