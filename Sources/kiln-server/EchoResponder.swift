import Foundation
import HTTPServer

/// `kiln-server echo`: answers every request with what the parser made of it, for checking
/// the server against other clients and conformance cases.
enum EchoResponder {
  struct Report: Encodable {
    var method: String
    var target: String
    var version: String
    /// `[name, value]` pairs in the order received.
    var headers: [[String]]
    var bodyBase64: String

    enum CodingKeys: String, CodingKey {
      case method, target, version, headers
      case bodyBase64 = "body_base64"
    }
  }

  @Sendable static func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
    let report = Report(
      method: request.method.rawValue, target: request.target,
      version: request.head.version.description,
      headers: request.fields.map { [$0.name, $0.value] },
      bodyBase64: Data(request.body).base64EncodedString())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      let body = try encoder.encode(report) + Data("\n".utf8)
      return HTTPServerResponse(
        status: .ok, fields: HTTPFields([("Content-Type", "application/json")]), body: Array(body))
    } catch {
      return .text("cannot encode the report: \(error)\n", status: .internalServerError)
    }
  }
}
