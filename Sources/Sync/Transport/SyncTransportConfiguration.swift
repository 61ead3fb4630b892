import Foundation
import Networking

/// Where and how the sync functions are called.
public struct SyncTransportConfiguration: Sendable {
  /// The project, `SUPABASE_URL`: the functions are under `/rest/v1/rpc/`.
  public var supabaseURL: URL
  /// The project's anon key, sent as `apikey`.
  public var anonKey: String
  /// How long a call may wait for the answer's head, between its chunks and in all.
  public var timeouts: HTTPTimeouts
  /// The reply limit and the wire format.
  public var codec: SyncCodec

  /// A configuration; by default 30 s to the answer's head, 30 s of silence within it and
  /// 120 s in all.
  public init(
    supabaseURL: URL, anonKey: String,
    timeouts: HTTPTimeouts = HTTPTimeouts(connect: 30, idle: 30, total: 120),
    codec: SyncCodec = SyncCodec()
  ) {
    self.supabaseURL = supabaseURL
    self.anonKey = anonKey
    self.timeouts = timeouts
    self.codec = codec
  }

  /// `{SUPABASE_URL}/rest/v1/rpc/{function}`.
  func endpoint(_ function: String) -> URL {
    supabaseURL.appendingPathComponent("rest/v1/rpc").appendingPathComponent(function)
  }
}
