import Foundation

/// Which transport carries streamed responses in this process, for diagnostics
/// (`kiln doctor`).
public enum StreamTransport: Sendable, Equatable {
  /// libcurl's multi interface, reading only as fast as the body is consumed.
  case flowControlled(libcurl: String)
  /// `URLSession`, which buffers what a slow reader has not taken yet. `reason` says why
  /// libcurl is not used (`nil` on Apple platforms, where URLSession is the transport).
  case urlSession(reason: String?)

  /// The transport streams use when `HTTPClientConfiguration.flowControlledStreams` is on.
  public static var current: StreamTransport {
    #if os(Linux) && canImport(CCurl)
      if let reason = CurlLibrary.unavailableReason { return .urlSession(reason: reason) }
      return .flowControlled(libcurl: CurlLibrary.version ?? "libcurl")
    #else
      return .urlSession(reason: nil)
    #endif
  }

  /// One line for a person: what carries streams, and why when it is the fallback.
  public var description: String {
    switch self {
    case .flowControlled(let version):
      return "flow-controlled through \(version.split(separator: " ").first ?? "libcurl")"
    case .urlSession(nil):
      return "URLSession"
    case .urlSession(let reason?):
      return "URLSession, which buffers a slow reader's backlog (\(reason))"
    }
  }
}
