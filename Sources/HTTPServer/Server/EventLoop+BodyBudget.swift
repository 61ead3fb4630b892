#if canImport(Glibc)
  import Glibc

  /// The server-wide budget for request bodies (`maxBufferedBodyBytes`, decision 178): a
  /// body's share is taken a step at a time as its bytes arrive, so a client that announces
  /// a large body and sends it slowly holds little more than what it sent, and a body the
  /// budget has no room for is refused 503 before more of it is read.
  extension EventLoop {
    /// How much of a body's share is taken ahead of its bytes.
    static let bodyReservationStep = 64 * 1024

    /// At a head: the first step of its body's share (at most its `Content-Length`, or for
    /// a chunked body its route's limit). `false` when the budget has no room.
    func reserveBodyStart(for head: HTTPRequestHead, on connection: Connection) -> Bool {
      switch head.framing {
      case .contentLength(let length): connection.readingBodyCap = length
      case .chunked: connection.readingBodyCap = connection.parser.currentBodyLimit
      case .none: connection.readingBodyCap = 0
      }
      let first = min(connection.readingBodyCap, Self.bodyReservationStep)
      guard shared.reserveBody(first, limit: configuration.maxBufferedBodyBytes) else {
        return false
      }
      connection.readingReservation = first
      return true
    }

    /// After bytes arrived: the share of the body being read grows to cover them, a step
    /// ahead, never past the body's cap. `false` when the budget has no room.
    func reserveArrivingBody(on connection: Connection) -> Bool {
      let held = connection.parser.body.count
      guard held > connection.readingReservation else { return true }
      let wanted = min(held + Self.bodyReservationStep, max(held, connection.readingBodyCap))
      let more = wanted - connection.readingReservation
      guard shared.reserveBody(more, limit: configuration.maxBufferedBodyBytes) else {
        return false
      }
      connection.readingReservation = wanted
      return true
    }

    /// At a complete request: its share becomes its body's size exactly. The bytes are in
    /// memory already, so a shortfall (at most one read) is counted whatever the budget says.
    func settleBodyReservation(of request: HTTPServerRequest, on connection: Connection) -> Int {
      let size = request.body.count
      if size > connection.readingReservation {
        shared.holdBody(size - connection.readingReservation)
      } else {
        shared.releaseBody(connection.readingReservation - size)
      }
      connection.readingReservation = 0
      connection.readingBodyCap = 0
      return size
    }

    /// Refuses the body being read for the budget: its bytes so far are dropped, the parser
    /// reads nothing more, and the 503 goes out after the answers before it.
    func refuseForBudget(_ connection: Connection) {
      connection.parser.fail(.bodyBudgetExhausted)
      connection.parser.body = []
      shared.releaseBody(connection.readingReservation)
      connection.readingReservation = 0
      connection.parseError = .bodyBudgetExhausted
      connection.readingPaused = true
      table.updateInterest(connection)
    }
  }
#endif
