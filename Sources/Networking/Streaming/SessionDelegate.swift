import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a `URLSession`, routing each task's callbacks to its `DataTaskHandler`.
///
/// The session calls it on one serial `OperationQueue`, so chunks reach a handler in order.
/// Handlers are removed when their exchange ends, so a long-lived session holds nothing.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let handlers = Mutex<[Int: DataTaskHandler]>([:])

  func register(_ handler: DataTaskHandler, for task: URLSessionTask) {
    handlers.withLock { $0[task.taskIdentifier] = handler }
  }

  func unregister(_ task: URLSessionTask) {
    _ = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
  }

  var activeCount: Int { handlers.withLock { $0.count } }

  private func handler(for task: URLSessionTask) -> DataTaskHandler? {
    handlers.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    handler(for: dataTask)?.didReceive(response)
    // Always allow: corelibs ignores `.cancel` here (swift-corelibs-foundation #3236), so an
    // unwanted transfer is stopped by cancelling the task instead, and an error body is read.
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    handler(for: dataTask)?.didReceive(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    handler(for: task)?.didComplete(with: error)
  }
}
