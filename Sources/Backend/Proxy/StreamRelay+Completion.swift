import Networking

extension StreamRelay {
  /// The most bytes a whole `chat.completion` answer may hold; a larger one is a fault.
  static let maximumCompletionSize = 8 * 1024 * 1024
  /// The largest whole answer read where its task runs (a fraction of a millisecond's
  /// parse); a larger one is read on the shared pool.
  static let largestCompletionReadInPlace = 64 * 1024

  /// Whether an upstream answer with this `Content-Type` is one whole JSON completion (the
  /// answer to `"stream": false`) rather than an event stream.
  static func isWholeCompletion(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    return contentType.lowercased().hasPrefix("application/json")
  }

  /// Reads a whole JSON completion into `interpreter` and says how the reply ended: an
  /// unreadable, oversized or cut-off body is an upstream error, never a half reply.
  static func collectCompletion(
    _ body: HTTPResponseBody, into interpreter: inout UpstreamChunkInterpreter
  ) async -> ReplyStatus {
    var bytes: [UInt8] = []
    do {
      for try await chunk in body {
        guard bytes.count + chunk.count <= maximumCompletionSize else {
          body.cancel()
          return .upstreamError
        }
        bytes += chunk
      }
    } catch {
      return .upstreamError
    }
    guard bytes.count > largestCompletionReadInPlace else {
      return interpreter.absorbCompletion(bytes)
    }
    // Read on the shared pool: on an event loop (decision 206), a parse of megabytes would
    // hold up the loop's other connections.
    return await withTaskExecutorPreference(globalConcurrentExecutor) {
      interpreter.absorbCompletion(bytes)
    }
  }
}
