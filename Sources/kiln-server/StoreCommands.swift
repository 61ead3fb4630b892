import Backend
import Core
import Foundation

/// `kiln-server migrate`, `grant` and `revoke`: the operator's commands on the store that
/// `serve` would use (SQLite in the data directory, or `DATABASE_URL`).
enum StoreCommands {
  static func run(_ options: ServerCommandLine.Options, _ settings: ServerSettings) async -> Int32 {
    let location = settings.storeLocation
    let clock = AppClock.live
    switch options.command {
    case "migrate":
      guard options.arguments.isEmpty else {
        return ServerCommandLine.usageFailure("migrate takes no arguments")
      }
      do {
        let applied = try await location.migrate(clock: clock)
        let versions = applied.map(String.init).joined(separator: ", ")
        ServerCommandLine.write(
          applied.isEmpty
            ? "kiln-server: the store at \(location) is up to date\n"
            : "kiln-server: applied schema version \(versions) to \(location)\n",
          to: .standardOutput)
        return 0
      } catch {
        ServerCommandLine.write("kiln-server: \(error)\n", to: .standardError)
        return 1
      }
    case "grant":
      guard options.arguments.count == 1, let user = options.arguments.first else {
        return ServerCommandLine.usageFailure("grant needs one USER_ID: grant USER_ID --until DATE")
      }
      guard let text = options.until else {
        return ServerCommandLine.usageFailure("grant needs --until DATE")
      }
      guard let until = parseDate(text) else {
        return ServerCommandLine.usageFailure(
          "--until '\(text)' is not a date: use YYYY-MM-DD or an ISO 8601 time")
      }
      let now = clock.now()
      guard until > now else {
        return ServerCommandLine.usageFailure("--until \(text) is in the past")
      }
      return await withStore(location, clock: clock) { store throws(ServerStoreError) in
        try await store.grant(userID: user, until: until, now: now)
        return "kiln-server: \(user) is entitled until \(format(until))\n"
      }
    default:
      guard options.arguments.count == 1, let user = options.arguments.first else {
        return ServerCommandLine.usageFailure("revoke needs one USER_ID")
      }
      return await withStore(location, clock: clock) { store throws(ServerStoreError) in
        let had = try await store.revokeGrant(userID: user)
        return had
          ? "kiln-server: the grant of \(user) is revoked\n"
          : "kiln-server: \(user) had no grant; nothing changed\n"
      }
    }
  }

  /// Opens the store, runs `body`, prints its line; exit 1 with the reason when the store
  /// cannot answer.
  private static func withStore(
    _ location: ServerStoreLocation, clock: AppClock,
    _ body: (any ServerStore) async throws(ServerStoreError) -> String
  ) async -> Int32 {
    do {
      let store = try await location.open(clock: clock)
      let line = try await body(store)
      ServerCommandLine.write(line, to: .standardOutput)
      return 0
    } catch {
      ServerCommandLine.write("kiln-server: \(error)\n", to: .standardError)
      return 1
    }
  }

  /// `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time with a zone.
  static func parseDate(_ text: String) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    {
      let days = CivilDate.days(year: year, month: month, day: day)
      // Reject dates like 2027-02-31 that roll over into the next month.
      let back = CivilDate.fromDays(days)
      guard back.month == month, back.day == day else { return nil }
      return Date(timeIntervalSince1970: Double(days) * 86_400)
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  static func format(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
