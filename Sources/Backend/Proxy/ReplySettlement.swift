import Core
import Foundation

/// How a reply ended, for the ledger and the metrics.
enum ReplyStatus: String, Sendable {
  case completed
  case cancelled
  case upstreamError = "upstream_error"
}

/// One admitted chat request on its way to the upstream: what the ledger and the headers need.
struct Exchange: Sendable {
  var requestID: String
  var userID: String
  var model: String
  var startedAt: Date
  /// What is left of the free allowance after this request; `nil` for a subscriber.
  var freeRemaining: Int?
  /// The free allowance's counter this request was charged to; `nil` for a subscriber.
  var freeBucket: String?
  /// Where the outcome is noted for the access log.
  var note: BackendLogNote
}

/// Settles an admitted request once its reply has ended, whatever way it ended: the usage
/// ledger line, the reply and token counts, the free message given back when the upstream
/// failed before the client saw any of the reply (decision 133), and the access log's note
/// of the outcome (decision 134).
///
/// The reply has already been given (or refused) when it runs, so a ledger failure is
/// logged, never shown.
struct ReplySettlement: Sendable {
  /// The ledger and the free-allowance counters.
  let store: any ServerStore
  /// Ends the reply's duration.
  let clock: AppClock
  /// Where replies, tokens and refunds are counted.
  let metrics: ProxyMetrics
  /// One line per ledger failure; never content.
  let logger: AppLogger

  /// Writes the ledger line, counts the reply and notes it in the exchange's log note. With
  /// `refund`, an upstream error charged to a free allowance gives the message back in the
  /// same store step as the ledger line (`refundFreeMessage`); a subscriber's request, or
  /// any other ending, is only recorded.
  /// - Returns: whether a free message was given back.
  @discardableResult
  func settle(
    _ exchange: Exchange, status: ReplyStatus, interpreter: UpstreamChunkInterpreter?,
    generationID: String?, refund: Bool = false
  ) async -> Bool {
    let duration = clock.now().timeIntervalSince(exchange.startedAt)
    metrics.recordReply(status: status.rawValue)
    metrics.recordTokens(
      prompt: interpreter?.promptTokens, completion: interpreter?.completionTokens)
    let record = UsageRecord(
      requestID: exchange.requestID, userID: exchange.userID, model: exchange.model,
      promptTokens: interpreter?.promptTokens, completionTokens: interpreter?.completionTokens,
      status: status.rawValue, startedAt: exchange.startedAt,
      durationMilliseconds: max(0, Int((duration * 1000).rounded())),
      upstreamGenerationID: generationID ?? interpreter?.generationID)
    var refunded = false
    do {
      if refund, status == .upstreamError, let bucket = exchange.freeBucket {
        refunded = try await store.refundFreeMessage(
          userID: exchange.userID, bucket: bucket, recording: record)
        if refunded { metrics.recordRefund() }
      } else {
        try await store.recordUsage(record)
      }
    } catch {
      logger.error("usage ledger write failed: \(error)", category: .backend)
    }
    exchange.note.update { fields in
      fields.reply = status.rawValue
      fields.upstreamGenerationID = record.upstreamGenerationID
      fields.promptTokens = record.promptTokens
      fields.completionTokens = record.completionTokens
      fields.freeMessageRefunded = refunded
    }
    return refunded
  }
}
