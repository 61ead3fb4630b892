import Foundation
import Postgres
import Testing

@Suite struct PostgresTimestampTests {
  @Test(arguments: [
    ("2026-12-02 01:02:03+00", 1_796_173_323.0),
    ("2026-12-02 01:02:03.5+00", 1_796_173_323.5),
    ("2026-12-02 01:02:03.000001+00", 1_796_173_323.000_001),
    ("2026-12-02 03:02:03+02", 1_796_173_323.0),
    ("2026-12-01 19:32:03-05:30", 1_796_173_323.0),
    ("1969-12-31 23:59:59+00", -1.0),
    ("2000-02-29 00:00:00+00", 951_782_400.0),
  ])
  func timestamptzTextDecodes(text: String, seconds: Double) throws {
    let date = try #require(Date(postgresText: text))
    #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_000_5)
  }

  @Test(arguments: ["infinity", "2026-13-01 00:00:00+00", "2026-12-02 01:02:03", "yesterday"])
  func otherTextIsNotADate(text: String) {
    #expect(Date(postgresText: text) == nil)
  }

  @Test func datesBeforeAndAfter1970RoundTripThroughTheServer() async throws {
    let connection = try await connectToNewDatabase()
    for seconds in [-2_208_988_800.25, -1.5, 0, 1_796_173_323.654321, 4_102_444_800] {
      let date = Date(timeIntervalSince1970: seconds)
      let back = try await connection.scalar(
        Date.self, "SELECT $1::timestamptz", [.timestamp(date)])
      #expect(abs(back.timeIntervalSince1970 - seconds) < 0.000_001, "\(seconds)")
      let epoch = try await connection.scalar(
        Double.self, "SELECT extract(epoch FROM $1::timestamptz)::float8", [.timestamp(date)])
      #expect(abs(epoch - seconds) < 0.000_001, "\(seconds)")
    }
  }
}
