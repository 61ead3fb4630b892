import Core
import Foundation
import Synchronization

/// Gives every request an `X-Request-ID`: the client's (or proxy's) when it is sane, a
/// fresh one otherwise. Handlers see it in the request's fields and the response echoes it.
///
/// Sane means exactly one field of 1 to 128 characters from `A-Z a-z 0-9 - _ . : + / =`,
/// so an identifier can go into a log line or a header without escaping or bloat.
public struct RequestIDMiddleware: HTTPSynchronousMiddleware {
  /// The field name.
  public static let fieldName = "X-Request-ID"
  private let makeIdentifier: UUIDGenerator

  /// Generates missing identifiers with `makeIdentifier` (lowercased UUIDs).
  public init(makeIdentifier: UUIDGenerator) {
    self.makeIdentifier = makeIdentifier
  }

  /// Sets the request's identifier, calls `next`, and puts the identifier on the response.
  public func respond(
    to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
  ) async -> HTTPServerResponse {
    let (request, field) = identified(request)
    return labelled(await next(request), field)
  }

  /// The same as `respond`, without suspending.
  public func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse {
    let (request, field) = identified(request)
    return labelled(next(request), field)
  }

  /// The request with its identifier field, and that field: the response gets the same
  /// one, so the identifier's bytes are made once.
  private func identified(_ request: HTTPServerRequest) -> (HTTPServerRequest, HTTPField) {
    // One pass without building an array: the first field of the name, and how many.
    var first: HTTPField?
    var count = 0
    for field in request.fields where field.name.equalsIgnoringASCIICase(Self.fieldName) {
      count += 1
      if count == 1 { first = field }
    }
    let identifier: [UInt8]
    if count == 1, let first, Self.isSane(first.rawValue) {
      identifier = first.rawValue
    } else {
      identifier = Self.lowercasedText(of: makeIdentifier())
    }
    let field = HTTPField(name: Self.fieldName, rawValue: identifier)
    var request = request
    if count > 0 { request.head.fields.removeAll(named: Self.fieldName) }
    request.head.fields.append(field)
    return (request, field)
  }

  private func labelled(_ response: HTTPServerResponse, _ field: HTTPField) -> HTTPServerResponse {
    var response = response
    if response.fields.contains(where: { $0.name.equalsIgnoringASCIICase(Self.fieldName) }) {
      response.fields.removeAll(named: Self.fieldName)
    }
    response.fields.append(field)
    return response
  }

  /// Version-4 UUIDs for servers, without a system call per identifier: a prefix and a
  /// key drawn once per process from the system's generator, then
  /// `scrambledCounter(prefix:key:)`. Request identifiers are not secrets (they are
  /// echoed and logged); they only need to be unique. (Foundation's `UUID()` opens, reads
  /// and closes `/dev/urandom` on every call on Linux.)
  public static let systemRandomIdentifiers: UUIDGenerator = {
    var random = SystemRandomNumberGenerator()
    return scrambledCounter(prefix: random.next(), key: random.next())
  }()

  /// Version-4 UUIDs whose first 60 variable bits are `prefix` and whose last 62 are a
  /// counter scrambled by a bijection keyed by `key`: no two from one generator are
  /// equal, those of two processes with random prefixes almost surely differ, and
  /// consecutive ones do not count upwards (a client cannot count the server's requests).
  /// Safe to call from any thread; each call costs one atomic increment.
  public static func scrambledCounter(prefix: UInt64, key: UInt64) -> UUIDGenerator {
    let counter = IdentifierSequence()
    let high = (prefix & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    let odd = key | 1
    return UUIDGenerator {
      let sequence = counter.next()
      let mask: UInt64 = (1 << 62) - 1
      // Multiplying by an odd number and xor-shifting right each invert on 62 bits.
      var mixed = (sequence &* odd) & mask
      mixed ^= mixed >> 31
      mixed = (mixed &* 0xBF58_476D_1CE4_E5B9) & mask
      mixed ^= mixed >> 29
      let bytes = (high.bigEndian, (mixed | 0x8000_0000_0000_0000).bigEndian)
      return withUnsafeBytes(of: bytes) { raw in
        UUID(
          uuid: (
            raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
            raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
          ))
      }
    }
  }

  /// The identifier's canonical text in lowercase (`8-4-4-4-12` hex digits), written
  /// straight into the field value's storage: it runs once per request.
  static func lowercasedText(of identifier: UUID) -> [UInt8] {
    let digits: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: identifier.uuid) { bytes in
      [UInt8](unsafeUninitializedCapacity: 36) { text, initialized in
        var position = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = 0x2D
            position += 1
          }
          text[position] = digits.utf8Start[Int(byte >> 4)]
          text[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
          position += 2
        }
        initialized = position
      }
    }
  }

  /// Whether a client's identifier can be kept as it is.
  public static func isSane(_ value: String) -> Bool { isSane(value.utf8) }

  static func isSane(_ bytes: some Collection<UInt8>) -> Bool {
    (1...128).contains(bytes.count)
      && bytes.allSatisfy { byte in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E, 0x3A, 0x2B, 0x2F, 0x3D:
          true
        default:
          false
        }
      }
  }
}

/// The counter behind `RequestIDMiddleware.scrambledCounter`: one atomic increment per
/// identifier, shared by every event loop.
private final class IdentifierSequence: Sendable {
  private let value = Atomic<UInt64>(0)

  func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
}

extension HTTPServerRequest {
  /// The request's identifier once `RequestIDMiddleware` has run.
  public var requestID: String? { fields[RequestIDMiddleware.fieldName] }
}
