import Foundation

/// Reads and writes the ISO 8601 timestamps of RevenueCat's REST API.
///
/// RevenueCat usually sends whole seconds (`2026-06-01T12:00:00Z`) but some fields carry
/// fractions (`…:00.123Z`); both parse. Dates are written with milliseconds, so a cached
/// customer info reads back to the same instant it was decoded as (to the millisecond).
package enum RevenueCatDateCoding {
  private static let whole = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// The date in `text`, or `nil` when it is not an ISO 8601 timestamp.
  package static func date(from text: String) -> Date? {
    if let date = try? whole.parse(text) { return date }
    return try? fractional.parse(text)
  }

  /// `date` as an ISO 8601 timestamp with milliseconds, in UTC.
  package static func string(from date: Date) -> String {
    fractional.format(date)
  }

  /// A decoder for RevenueCat bodies and for the cache.
  package static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Not an ISO 8601 date: \(text)")
      }
      return date
    }
    return decoder
  }

  /// An encoder that writes what `makeDecoder()` reads, with sorted keys.
  package static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(string(from: date))
    }
    return encoder
  }
}
