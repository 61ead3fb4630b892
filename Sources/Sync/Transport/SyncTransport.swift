import Core
import Foundation
import Networking
import Storage

/// Calls `sync_push` and `sync_pull` the way PostgREST serves them (docs/SYNC.md §4):
/// `POST {SUPABASE_URL}/rest/v1/rpc/{function}` with the arguments as one JSON object,
/// `apikey` and `Authorization: Bearer <access token>`.
///
/// The token comes from the `TokenProvider` before each call. When the server answers 401
/// the provider is asked once more; a different token is tried once, and a second 401 (or
/// the same token again) is `SyncError.unauthorized`. Replies are read up to the codec's
/// limit and decoded strictly; error answers become `PostgRESTError`s.
///
/// Give it an `HTTPClient` without an `AuthInterceptor` of its own: the transport sets
/// `Authorization` itself.
public struct SyncTransport: Sendable {
  /// Where the functions are, the timeouts and the codec.
  public let configuration: SyncTransportConfiguration
  let http: any HTTPClient
  let tokens: any TokenProvider

  /// A transport.
  /// - Parameters:
  ///   - configuration: the project URL, anon key, timeouts and reply limit.
  ///   - httpClient: sends the requests.
  ///   - tokens: supplies the signed-in user's access token.
  public init(
    configuration: SyncTransportConfiguration, httpClient: any HTTPClient,
    tokens: any TokenProvider
  ) {
    self.configuration = configuration
    self.http = httpClient
    self.tokens = tokens
  }

  /// Pushes `items` for `account`, or as many of their first items as fit in
  /// `maximumBodyBytes` of JSON (at least one), and returns one result per item sent: the
  /// caller sends the rest in later pushes.
  /// - Throws: `SyncError` (`.invalidChange` before anything is sent, `.invalidReply`,
  ///   `.refused`, `.unauthorized`, `.transport`, `.notSignedIn`).
  public func push(
    _ items: [SyncOutboxItem], account: UUID, maximumBodyBytes: Int = .max
  ) async throws(SyncError) -> SyncExchange<[SyncPushResult]> {
    let push = try preparePush(items, account: account, maximumBodyBytes: maximumBodyBytes)
    return try decode(try await send(push), of: push)
  }

  /// The first step of `push`: the body for `items`, or for as many of their first items as
  /// fit in `maximumBodyBytes` (at least one). Nothing is sent.
  /// - Throws: `SyncError.invalidChange` for an item the contract cannot carry.
  public func preparePush(
    _ items: [SyncOutboxItem], account: UUID, maximumBodyBytes: Int = .max
  ) throws(SyncError) -> SyncPreparedPush {
    let codec = configuration.codec
    var sending = items
    var body: Data
    do {
      body = try codec.pushBody(sending, account: account)
      // Halving finds a prefix that fits in a few encodings, however the sizes spread.
      while body.count > maximumBodyBytes, sending.count > 1 {
        sending = Array(sending.prefix(sending.count / 2))
        body = try codec.pushBody(sending, account: account)
      }
    } catch {
      throw .invalidChange(error)
    }
    return SyncPreparedPush(items: sending, body: body)
  }

  /// The second step of `push`: calls `sync_push` with the prepared body and returns the
  /// reply's bytes, undecoded.
  /// - Throws: `SyncError` (`.refused`, `.unauthorized`, `.transport`, `.notSignedIn`).
  public func send(_ push: SyncPreparedPush) async throws(SyncError) -> Data {
    try await call("sync_push", body: push.body)
  }

  /// The last step of `push`: the results in `reply`, one per item of `push`.
  /// - Throws: `SyncError.invalidReply`.
  public func decode(
    _ reply: Data, of push: SyncPreparedPush
  ) throws(SyncError) -> SyncExchange<[SyncPushResult]> {
    do {
      let results = try configuration.codec.decodePushReply(reply, sent: push.items)
      return SyncExchange(value: results, bytesSent: push.body.count, bytesReceived: reply.count)
    } catch {
      throw .invalidReply(error)
    }
  }

  /// Pulls up to `maxRows` rows changed after `since`.
  /// - Throws: `SyncError` as `push` does.
  public func pull(
    since: Int64, maxRows: Int
  ) async throws(SyncError) -> SyncExchange<SyncPullPage> {
    let codec = configuration.codec
    let body = codec.pullBody(since: since, maxRows: maxRows)
    let reply = try await call("sync_pull", body: body)
    do {
      let page = try codec.decodePullReply(reply, since: since)
      return SyncExchange(value: page, bytesSent: body.count, bytesReceived: reply.count)
    } catch {
      throw .invalidReply(error)
    }
  }
}

/// A push ready to send: the items that fit in its body, and the body.
public struct SyncPreparedPush: Sendable {
  /// The items the body carries, a prefix of those given.
  public let items: [SyncOutboxItem]
  /// The request body.
  public let body: Data
}

/// What one call moved: its decoded answer and its size each way.
public struct SyncExchange<Value: Sendable>: Sendable {
  /// The decoded answer.
  public var value: Value
  /// Request body bytes.
  public var bytesSent: Int
  /// Reply body bytes.
  public var bytesReceived: Int
}
