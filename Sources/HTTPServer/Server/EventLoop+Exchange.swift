#if canImport(Glibc)
  import Glibc

  extension EventLoop {
    /// Moves what the parser found into the connection: heads (for 100-continue and the
    /// body timer), complete requests, or the error to answer after the earlier requests.
    func drainParser(_ connection: Connection) {
      reading: while connection.parseError == nil {
        let event: HTTPParserEvent?
        do {
          event = try connection.parser.nextEvent()
        } catch {
          connection.parseError = error
          connection.readingPaused = true
          table.updateInterest(connection)
          break
        }
        guard let event else { break }
        switch event {
        case .head(let head):
          guard reserveBodyStart(for: head, on: connection) else {
            refuseForBudget(connection)
            break reading
          }
          if head.framing != .none && head.framing != .contentLength(0) {
            connection.timer = .body
            connection.deadline = now + configuration.bodyTimeout.timeInterval
            // Only when every earlier answer is out, so the interim answer stays in order.
            if head.expectsContinue, connection.current == nil, connection.pending.isEmpty {
              connection.append(HTTPResponseWriter.continueResponse)
            }
          } else {
            connection.deadline = nil
          }
        case .request(var request):
          request.remoteAddress = connection.peer
          connection.pending.append(
            Connection.Queued(
              request: request,
              bodyReservation: settleBodyReservation(of: request, on: connection)))
          connection.deadline = nil
        }
      }
      // The body being read holds what has arrived of it; past the budget it is refused.
      if connection.parseError == nil, !reserveArrivingBody(on: connection) {
        refuseForBudget(connection)
      }
      if connection.pending.count >= configuration.maxPipelinedRequests {
        connection.readingPaused = true
        table.updateInterest(connection)
      }
      startNext(connection)
      table.flush(connection)
    }

    /// Hands the oldest queued request to the responder when none is in progress. An
    /// answer that is ready at once is sent and the next request started, in a loop (not
    /// by recursion: a client may pipeline thousands of requests in one read); the answers
    /// of one pass go out with one write.
    func startNext(_ connection: Connection) {
      guard !connection.startingNext else { return }
      connection.startingNext = true
      var answeredInline = false
      defer {
        connection.startingNext = false
        if answeredInline {
          table.flush(connection)
          // As `finishExchange` does for a kept-alive answer; a closing one lingers instead.
          if shutdownDeadline != nil, !connection.closeWhenFlushed, connection.isIdle {
            table.closeConnection(connection)
          }
        }
      }
      while connection.current == nil, !connection.closeWhenFlushed,
        table.isOpen(connection)
      {
        guard !connection.pending.isEmpty else {
          if let error = connection.parseError {
            connection.parseError = nil
            connection.append(
              HTTPResponseWriter.errorResponse(status: HTTPStatus(code: error.status), date: date))
            table.closeGracefully(connection)
          } else if connection.peerFinished {
            table.closeGracefully(connection)
          }
          return
        }
        let queued = connection.pending.removeFirst()
        let request = queued.request
        connection.answeringReservation = queued.bodyReservation
        connection.current = Connection.Answering(
          method: request.head.method, version: request.head.version,
          keepAlive: request.head.keepAlive)
        connection.deadline = nil
        if connection.readingPaused, !connection.peerFinished, connection.parseError == nil,
          connection.pending.count < configuration.maxPipelinedRequests
        {
          connection.readingPaused = false
          table.updateInterest(connection)
        }
        switch responder(request) {
        case .now(let response):
          answeredInline = true
          respond(connection, with: response)
        case .later(let responder, let onEventLoop):
          let mailbox = mailbox
          let id = connection.id
          let work: @Sendable () async -> Void = {
            let response = await AccessLogForwarding.$mailbox.withValue(mailbox) {
              await responder(request)
            }
            mailbox.post(.response(connection: id, response))
          }
          if onEventLoop {
            connection.current?.onEventLoop = true
            Task(executorPreference: executor, operation: work)
          } else {
            Task(operation: work)
          }
          return
        }
      }
    }

    func respond(_ connection: Connection, with response: HTTPServerResponse) {
      guard let head = connection.current else { return }
      // After the client's FIN, the requests it sent before are still answered; the last
      // answer says close.
      let lastBeforeFIN = connection.peerFinished && connection.pending.isEmpty
      var keepAlive = head.keepAlive && shutdownDeadline == nil && !lastBeforeFIN
      switch response.body {
      case .bytes(let body):
        HTTPResponseWriter.appendResponse(
          response, body: body, method: head.method, version: head.version,
          keepAlive: keepAlive, date: date, to: &connection.output)
        finishExchange(connection, keepAlive: keepAlive)
      case .stream(let stream):
        let framing = HTTPResponseWriter.framing(
          status: response.status, bodyLength: nil, method: head.method, version: head.version)
        if framing == .untilClose { keepAlive = false }
        connection.append(
          HTTPResponseWriter.head(
            status: response.status, fields: response.fields, framing: framing,
            isHead: head.method == .head, requestVersion: head.version, keepAlive: keepAlive,
            date: date))
        guard framing != .none, head.method != .head else {
          return finishExchange(connection, keepAlive: keepAlive)
        }
        connection.streamFraming = framing
        shared.metrics.openStreams.add(1, ordering: .relaxed)
        connection.keepAliveAfterStream = keepAlive
        let credit = StreamCredit(limit: configuration.streamBufferLimit)
        connection.streamCredit = credit
        connection.streamBytesTaken = 0
        let writer = ConnectionBodyWriter(
          mailbox: mailbox, connection: connection.id, credit: credit,
          headWaitsForBody: stream.headWaitsForBody)
        let mailbox = mailbox
        let id = connection.id
        let produce: @Sendable () async -> Void = {
          do {
            try await AccessLogForwarding.$mailbox.withValue(mailbox) {
              try await stream.produce(writer)
            }
            mailbox.post(.streamEnded(connection: id))
          } catch {
            // A producer that fails mid-body cannot say so in HTTP: the body is cut short
            // (no last chunk) so the client sees it as incomplete, never as complete.
            mailbox.post(.streamFailed(connection: id))
          }
        }
        // A stream answered on the loop is produced there too (decision 213): what it reads
        // on the loop (an upstream's body) then needs no other thread woken.
        connection.streamTask =
          head.onEventLoop
          ? Task(executorPreference: executor, operation: produce) : Task(operation: produce)
        if stream.headWaitsForBody {
          // It leaves with the first write (an empty one too) or the end; a producer that
          // keeps it waiting longer than the limit has it sent alone.
          connection.timer = .heldHead
          connection.deadline = now + Self.heldHeadLimit
        } else {
          table.flush(connection)
        }
      }
    }

    /// The longest a stream's head waits for its body before it is sent alone.
    static let heldHeadLimit: Double = 2

    /// Takes a stream write into the connection's output; the caller flushes.
    func streamWrite(_ connection: Connection, _ bytes: [UInt8]) {
      // A held head leaves with this write: its limit no longer applies.
      if connection.timer == .heldHead { connection.deadline = nil }
      if connection.streamFraming == .chunked {
        HTTPResponseWriter.appendChunk(bytes, to: &connection.output)
      } else {
        connection.append(bytes)
      }
      connection.streamBytesTaken += StreamCredit.cost(of: bytes.count)
    }

    func endStream(_ connection: Connection) {
      guard let framing = connection.streamFraming else { return }
      if framing == .chunked { connection.append(HTTPResponseWriter.lastChunk) }
      connection.streamFraming = nil
      shared.metrics.openStreams.subtract(1, ordering: .relaxed)
      connection.streamTask = nil
      // A write that comes after the end (a writer kept past its stream) fails.
      connection.streamCredit?.close()
      connection.streamCredit = nil
      finishExchange(connection, keepAlive: connection.keepAliveAfterStream)
    }

    /// A stream whose client left before its head could be sent: its producer runs
    /// cancelled, with a writer that refuses every write, as if the client had left
    /// mid-stream, so the work it owns (and its observers) end as they would then.
    func abandon(_ stream: HTTPResponseStream) {
      let task = Task {
        // What it throws is the client's absence, already known here.
        do { try await stream.produce(GoneBodyWriter()) } catch { return }
      }
      task.cancel()
    }

    /// After an answer: close, or wait for (or start) the next request.
    func finishExchange(_ connection: Connection, keepAlive: Bool) {
      connection.current = nil
      shared.releaseBody(connection.answeringReservation)
      connection.answeringReservation = 0
      guard keepAlive else {
        shared.releaseBody(connection.pending.reduce(0) { $0 + $1.bodyReservation })
        connection.pending.removeAll()
        connection.parseError = nil
        return table.closeGracefully(connection)
      }
      if connection.pending.isEmpty, connection.parseError == nil {
        connection.timer = connection.parser.isBetweenMessages ? .idle : .head
        let timeout =
          connection.timer == .idle ? configuration.keepAliveTimeout : configuration.headTimeout
        connection.deadline = now + timeout.timeInterval
      }
      // Inside `startNext` the answers are flushed together once its loop ends.
      if !connection.startingNext { table.flush(connection) }
      guard table.isOpen(connection) else { return }
      if shutdownDeadline != nil, connection.isIdle { return table.closeConnection(connection) }
      startNext(connection)
    }
  }
#endif
