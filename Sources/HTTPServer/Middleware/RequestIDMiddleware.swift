import Core
import Foundation

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
    let (request, identifier) = identified(request)
    return labelled(await next(request), identifier)
  }

  /// The same as `respond`, without suspending.
  public func respondSynchronously(
    to request: HTTPServerRequest, route: HTTPRouteMatch,
    next: (HTTPServerRequest) -> HTTPServerResponse
  ) -> HTTPServerResponse {
    let (request, identifier) = identified(request)
    return labelled(next(request), identifier)
  }

  private func identified(_ request: HTTPServerRequest) -> (HTTPServerRequest, String) {
    let incoming = request.fields.fields(named: Self.fieldName)
    let identifier: String
    if incoming.count == 1, Self.isSane(incoming[0].value) {
      identifier = incoming[0].value
    } else {
      identifier = Self.lowercasedText(of: makeIdentifier())
    }
    var request = request
    request.head.fields.set(name: Self.fieldName, value: identifier)
    return (request, identifier)
  }

  private func labelled(_ response: HTTPServerResponse, _ identifier: String) -> HTTPServerResponse
  {
    var response = response
    response.fields.set(name: Self.fieldName, value: identifier)
    return response
  }

  /// Random version-4 UUIDs from the system's random source, the live default for
  /// servers: Foundation's `UUID()` opens, reads and closes `/dev/urandom` on every call on
  /// Linux, three system calls per request, and the standard generator makes one
  /// `getrandom` call per 8 bytes. These come from a pool refilled 256 bytes at a time (16
  /// identifiers per system call). Request identifiers are not secrets (they are echoed and
  /// logged), so holding the next few in memory costs nothing.
  public static let systemRandomIdentifiers: UUIDGenerator = {
    let pool = RandomBytePool()
    return UUIDGenerator {
      var bytes = pool.take16()
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      return UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
  }()

  /// The identifier's canonical text in lowercase (`8-4-4-4-12` hex digits), built
  /// without `uuidString`'s formatter: it runs once per request.
  static func lowercasedText(of identifier: UUID) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    withUnsafeBytes(of: identifier.uuid) { bytes in
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { text.append(0x2D) }
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether a client's identifier can be kept as it is.
  public static func isSane(_ value: String) -> Bool {
    let allowed: (UInt8) -> Bool = { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || [0x2D, 0x5F, 0x2E, 0x3A, 0x2B, 0x2F, 0x3D].contains(byte)
    }
    return (1...128).contains(value.utf8.count) && value.utf8.allSatisfy(allowed)
  }
}

extension HTTPServerRequest {
  /// The request's identifier once `RequestIDMiddleware` has run.
  public var requestID: String? { fields[RequestIDMiddleware.fieldName] }
}
