import Core
import Foundation
import TestSupport
import Testing

@Suite struct AppLoggerTests {
  private func makeLogger(minimumLevel: LogLevel = .debug) -> (AppLogger, InMemoryLogSink) {
    let sink = InMemoryLogSink()
    let logger = AppLogger(
      minimumLevel: minimumLevel, sinks: [sink], now: { Fixture.referenceDate })
    return (logger, sink)
  }

  @Test func recordsCarryLevelCategoryAndInjectedTime() {
    let (logger, sink) = makeLogger()
    logger.notice("chose the echo client", category: .ai)
    #expect(
      sink.records == [
        LogRecord(
          date: Fixture.referenceDate, level: .notice, category: .ai,
          message: "chose the echo client")
      ])
  }

  @Test func recordsBelowTheMinimumLevelAreNeverFormatted() {
    let (logger, sink) = makeLogger(minimumLevel: .notice)
    var formatted = false
    func expensive() -> String {
      formatted = true
      return "detail"
    }
    logger.debug(expensive(), category: .networking)
    logger.info("info", category: .networking)
    logger.error("failure", category: .networking)
    #expect(!formatted)
    #expect(sink.messages == ["failure"])
  }

  @Test func everySecretShapeIsScrubbedBeforeReachingASink() {
    let (logger, sink) = makeLogger()
    let secrets = [
      "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.sig",
      "sk-or-v1-deadbeefdeadbeefdeadbeef",
      "sk-proj-0123456789abcdef",
      "ada@example.com",
      #""refresh_token":"rt-secret-value""#,
    ]
    for secret in secrets {
      logger.info("request with \(secret) failed", category: .auth)
    }
    logger.error("refresh", AppError.unknown("token for bob@example.org rejected"), category: .auth)
    let text = sink.text
    for fragment in [
      "eyJzdWIiOiJ1In0", "deadbeefdeadbeef", "0123456789abcdef", "ada@example.com",
      "rt-secret-value", "bob@example.org",
    ] {
      #expect(!text.contains(fragment), "\(fragment) leaked: \(text)")
    }
    #expect(sink.records.count == secrets.count + 1)
  }

  @Test func explicitRedactionHidesValuesWithoutAShape() {
    #expect(AppLogger.redacted("my secret diary entry") == Redactor.placeholder)
    #expect(AppLogger.redacted("hello", keepingLength: true) == "\(Redactor.placeholder)(5 chars)")
  }

  @Test func customCategoriesWork() {
    let (logger, sink) = makeLogger()
    logger.info("pulled 3 changes", category: "sync")
    #expect(sink.records.first?.category == LogCategory(rawValue: "sync"))
  }

  @Test func disabledLoggerWritesNothing() {
    #expect(!AppLogger.disabled.isEnabled(.error))
  }

  @Test func levelNamesParse() {
    #expect(LogLevel(name: "NOTICE") == .notice)
    #expect(LogLevel(name: "verbose") == nil)
    #expect(LogLevel.debug < LogLevel.error)
  }

  @Test func jsonLinesSinkWritesOneObjectPerLineWithOwnerOnlyPermissions() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-log-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("kiln.jsonl")
    let sink = try JSONLinesFileLogSink(url: url)
    let logger = AppLogger(minimumLevel: .info, sinks: [sink], now: { Fixture.referenceDate })
    logger.info("first", category: .storage)
    logger.error("second with sk-proj-abcdefabcdef", category: .storage)

    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String]
    #expect(first?["message"] == "first")
    #expect(first?["level"] == "info")
    #expect(first?["category"] == "storage")
    #expect(first?["ts"] == "2026-06-01T12:00:00.000Z")
    #expect(!lines[1].contains("abcdefabcdef"))
    #expect(sink.droppedRecordCount == 0)

    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue
    #expect(permissions == 0o600)
  }
}
