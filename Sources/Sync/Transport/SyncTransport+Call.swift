import Core
import Foundation
import Networking

extension SyncTransport {
  /// Posts `body` to `function` with a token, asking for a fresh one once after a 401, and
  /// returns the reply body.
  func call(_ function: String, body: Data) async throws(SyncError) -> Data {
    let token = try await currentToken()
    do {
      return try await post(function, body: body, token: token)
    } catch .unauthorized(let refusal) {
      let fresh = try await currentToken()
      guard fresh != token else { throw .unauthorized(refusal) }
      return try await post(function, body: body, token: fresh)
    }
  }

  private func currentToken() async throws(SyncError) -> String {
    let token: String?
    do {
      token = try await tokens.currentToken()
    } catch {
      throw .tokenUnavailable("\(type(of: error))")
    }
    guard let token, !token.isEmpty else { throw .notSignedIn }
    return token
  }

  private func post(_ function: String, body: Data, token: String) async throws(SyncError) -> Data {
    let request = HTTPRequest(url: configuration.endpoint(function), method: .post)
      .withHeaders([
        "apikey": configuration.anonKey, "Authorization": "Bearer \(token)",
        "Accept": "application/json",
      ])
      .withBody(body, contentType: "application/json")
      .withTimeouts(configuration.timeouts)
    do {
      let response = try await http.stream(request)
      return try await read(response)
    } catch {
      throw SyncError.from(error)
    }
  }

  /// The reply body, refused as soon as it passes the codec's limit.
  private func read(_ response: HTTPStreamResponse) async throws -> Data {
    let limit = configuration.codec.maximumReplyBytes
    let tooLarge = SyncError.invalidReply(.tooLarge(limit: limit))
    if let length = response.headers["Content-Length"].flatMap(Int.init), length > limit {
      response.body.cancel()
      throw tooLarge
    }
    var data = Data()
    for try await chunk in response.body {
      guard data.count + chunk.count <= limit else {
        response.body.cancel()
        throw tooLarge
      }
      data.append(chunk)
    }
    return data
  }
}
