import Foundation
import Networking

/// Reading a response body with a size limit, so a misbehaving server cannot make
/// kiln-server hold an unbounded answer in memory (decision 20).
enum BoundedBody {
  /// Why a bounded read stopped.
  enum Failure: Error, Sendable, Equatable {
    /// The body (or its announced `Content-Length`) is longer than the limit.
    case tooLarge
    /// The exchange failed; the text names the status or the transport problem only.
    case exchange(String)
  }

  /// Sends `request` and returns the status and the whole body when it is at most
  /// `limit` bytes; a longer body is abandoned (the transfer stops) as soon as it is seen.
  /// A non-2xx answer comes back as its status with an empty body.
  static func fetch(
    _ request: HTTPRequest, client: any HTTPClient, limit: Int
  ) async throws(Failure) -> (status: Int, body: Data) {
    let response: HTTPStreamResponse
    do {
      response = try await client.stream(request)
    } catch let error as HTTPError {
      if case .status(let answer, _) = error { return (answer.statusCode, Data()) }
      throw .exchange(Self.reason(error))
    } catch {
      throw .exchange("the request failed")
    }
    if let announced = response.headers["Content-Length"].flatMap(Int.init), announced > limit {
      response.body.cancel()
      throw .tooLarge
    }
    var body = Data()
    do {
      for try await chunk in response.body {
        body.append(chunk)
        if body.count > limit {
          response.body.cancel()
          throw Failure.tooLarge
        }
      }
    } catch let failure as Failure {
      throw failure
    } catch let error as HTTPError {
      throw .exchange(Self.reason(error))
    } catch {
      throw .exchange("the body could not be read")
    }
    return (response.statusCode, body)
  }

  private static func reason(_ error: HTTPError) -> String {
    switch error {
    case .transport(let code, _): "transport error \(code)"
    case .status(let response, _): "HTTP status \(response.statusCode)"
    case .cancelled: "cancelled"
    case .invalidRequest: "the request could not be built"
    }
  }
}
