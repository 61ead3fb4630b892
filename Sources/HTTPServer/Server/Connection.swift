/// One client connection, owned by one event loop and touched only on its thread.
final class Connection {
  /// What the connection's timer is measuring.
  enum Timer {
    case head, body, idle, linger
    /// A stream's head waiting for its body (`HTTPResponseStream.headWaitsForBody`): when
    /// the producer has written nothing by the deadline, the head is sent alone.
    case heldHead
  }

  let id: Int
  let descriptor: Int32
  let peer: HTTPRemoteAddress?
  var parser: HTTPRequestParser
  /// A complete request waiting for the one in progress to be answered (pipelining), with
  /// the share of the body budget its body holds (`maxBufferedBodyBytes`).
  struct Queued {
    var request: HTTPServerRequest
    var bodyReservation: Int
  }

  /// Complete requests waiting for the one in progress to be answered, oldest first.
  var pending: [Queued] = []
  /// What answering a request needs of its head: how to frame the answer and whether
  /// the connection may stay open. Kept instead of the head, which is not copied again.
  struct Answering {
    var method: HTTPRequestMethod
    var version: HTTPVersion
    var keepAlive: Bool
    /// Whether the answer is made on a task on the connection's loop (a route added with
    /// `onEventLoop`): its stream's producer then runs there too.
    var onEventLoop = false
  }

  /// The request whose answer is being produced or streamed.
  var current: Answering?
  /// Body bytes reserved from the server's budget (`maxBufferedBodyBytes`) for the request
  /// being read and for the one answered (queued requests hold theirs in `pending`).
  var readingReservation = 0
  var answeringReservation = 0
  /// The most the body being read may hold: its `Content-Length`, or its route's limit.
  var readingBodyCap = 0
  /// The parse error to answer once earlier requests are answered.
  var parseError: HTTPRequestParseError?
  var output: [UInt8] = []
  var outputOffset = 0
  /// The epoll events currently registered.
  var interest: UInt32 = 0
  var registered = false
  /// Whether any byte has arrived, so a timeout has a request to answer 408 to.
  var everReceived = false
  var readingPaused = false
  /// The peer sent FIN: answer what was asked, then close.
  var peerFinished = false
  var closeWhenFlushed = false
  var lingering = false
  var timer = Timer.head
  var deadline: Double?
  /// The framing of the stream in progress, if any.
  var streamFraming: HTTPResponseFraming?
  var keepAliveAfterStream = false
  var streamTask: Task<Void, Never>?
  /// The stream's flow control, shared with its producer.
  var streamCredit: StreamCredit?
  /// Posted stream bytes taken into `output` since the credit was last settled (every
  /// flush settles it, so it is 0 until a write is taken).
  var streamBytesTaken = 0
  /// `startNext` is running for this connection (an inline answer re-enters it).
  var startingNext = false
  /// In its table, from adoption until it is closed (set only by `ConnectionTable`).
  var isOpen = false

  init(
    id: Int, descriptor: Int32, peer: HTTPRemoteAddress?, limits: HTTPParserLimits,
    bodyLimit: HTTPRequestParser.BodyLimit?
  ) {
    self.id = id
    self.descriptor = descriptor
    self.peer = peer
    parser = HTTPRequestParser(limits: limits, bodyLimit: bodyLimit)
  }

  var pendingBytes: Int { output.count - outputOffset }

  /// Whether nothing is in progress: no request half-read, queued, answered or streamed.
  var isIdle: Bool {
    current == nil && pending.isEmpty && parser.isBetweenMessages && pendingBytes == 0
      && parseError == nil
  }

  /// Every reservation the connection holds, now given up (it is closing).
  func takeReservations() -> Int {
    defer {
      readingReservation = 0
      for index in pending.indices { pending[index].bodyReservation = 0 }
      answeringReservation = 0
    }
    return readingReservation + pending.reduce(0) { $0 + $1.bodyReservation }
      + answeringReservation
  }

  func append(_ bytes: [UInt8]) {
    output.append(contentsOf: bytes)
  }
}
