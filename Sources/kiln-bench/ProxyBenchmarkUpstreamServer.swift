#if canImport(Glibc)
  import CEpoll
  import Foundation
  import Glibc
  import TestSupport

  /// The sockets side of `kiln-bench proxy-upstream`: keep-alive HTTP/1.1 on loopback, one
  /// epoll thread per listener (all on one port with `SO_REUSEPORT`), answering each complete
  /// request with canned bytes.
  ///
  /// A stream's events leave with one `send` each (`TCP_NODELAY`), as a provider sends
  /// tokens while it generates them: neither the benchmark's client nor kiln-server can get a
  /// whole reply in one segment, so both pay per event, as they would in use (decision 189).
  /// Only bytes the socket refused are queued, and they go out as the socket drains.
  /// Each server is made on its own thread and used only there.
  final class ProxyBenchmarkUpstreamServer {
    /// The bytes each kind of request gets, prepared once.
    struct Replies: Sendable {
      /// A stream's head, then its events, each framed as one HTTP chunk.
      var streamHead: [UInt8]
      var events: [[UInt8]]
      /// Whole answers: a non-streaming completion, the model list, 404 for the rest.
      var completion: [UInt8]
      var models: [UInt8]
      var notFound: [UInt8]
    }

    private final class Client {
      var input: [UInt8] = []
      var output: [UInt8] = []
    }

    private let listener: Int32
    private let epoll: Int32
    private let replies: Replies
    private var clients: [Int32: Client] = [:]

    private init(listener: Int32, epoll: Int32, replies: Replies) {
      self.listener = listener
      self.epoll = epoll
      self.replies = replies
    }

    /// Starts `threads` loops on one loopback port and returns it.
    static func start(threads: Int, replies: Replies) throws -> Int {
      var port = 0
      for _ in 0..<max(1, threads) {
        let listener = try listen(port: port)
        port = boundPort(listener)
        let epoll = kiln_epoll_create()
        guard epoll >= 0 else { throw BenchmarkError(description: "epoll_create1 failed") }
        _ = kiln_epoll_ctl(epoll, kiln_epoll_add, listener, kiln_epoll_in)
        let thread = Thread {
          ProxyBenchmarkUpstreamServer(listener: listener, epoll: epoll, replies: replies).run()
        }
        thread.start()
      }
      return port
    }

    private static func listen(port: Int) throws -> Int32 {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { throw BenchmarkError(description: "socket failed") }
      var yes: Int32 = 1
      let size = socklen_t(MemoryLayout<Int32>.size)
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, size)
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &yes, size)
      var address = loopbackAddress(port: port)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0, Glibc.listen(descriptor, 4096) == 0 else {
        close(descriptor)
        throw BenchmarkError(description: "the upstream could not listen (errno \(errno))")
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      return descriptor
    }

    private static func boundPort(_ descriptor: Int32) -> Int {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    private func run() {
      var descriptors = [Int32](repeating: 0, count: 256)
      var events = [UInt32](repeating: 0, count: 256)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
      defer { buffer.deallocate() }
      while true {
        let ready = kiln_epoll_wait(epoll, &descriptors, &events, 256, 1000)
        for index in 0..<max(0, Int(ready)) {
          let descriptor = descriptors[index]
          if descriptor == listener {
            acceptAll()
          } else if let client = clients[descriptor] {
            if events[index] & kiln_epoll_out != 0 { flush(descriptor, client) }
            // A failed flush closed the descriptor, whose number another thread may reuse.
            guard clients[descriptor] === client else { continue }
            if events[index] & (kiln_epoll_in | kiln_epoll_hup | kiln_epoll_err) != 0 {
              read(descriptor, client, into: buffer)
            }
          }
        }
      }
    }

    private func acceptAll() {
      while true {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else {
          // Out of descriptors: the listener stays readable, so pause instead of spinning.
          if errno == EMFILE || errno == ENFILE { usleep(10_000) }
          return
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var yes: Int32 = 1
        setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        clients[descriptor] = Client()
        _ = kiln_epoll_ctl(epoll, kiln_epoll_add, descriptor, kiln_epoll_in)
      }
    }

    private func read(
      _ descriptor: Int32, _ client: Client, into buffer: UnsafeMutableRawBufferPointer
    ) {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      guard count > 0 else {
        if count == 0 || (errno != EAGAIN && errno != EINTR) { drop(descriptor) }
        return
      }
      client.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      // Bounded: a request here is a few hundred bytes; anything past 1 MiB is a bug.
      guard client.input.count <= 1 << 20 else { return drop(descriptor) }
      while let (request, length) = Self.request(in: client.input) {
        client.input.removeFirst(length)
        answer(request, descriptor, client)
        guard clients[descriptor] != nil else { return }
      }
    }

    /// What a complete request asks for: its method and target, and whether its body asks
    /// for a stream; with the bytes it spans. `nil` until it is complete.
    private static func request(in input: [UInt8]) -> ((line: String, stream: Bool), Int)? {
      let end: [UInt8] = Array("\r\n\r\n".utf8)
      guard let headEnd = find(end, in: input, from: 0) else { return nil }
      let head = String(decoding: input[0..<headEnd], as: UTF8.self)
      var bodyLength = 0
      for line in head.split(separator: "\r\n").dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == "content-length" {
          bodyLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
      let total = headEnd + 4 + bodyLength
      guard input.count >= total else { return nil }
      let body = Array(input[(headEnd + 4)..<total])
      let stream =
        find(Array(#""stream":true"#.utf8), in: body, from: 0) != nil
        || find(Array(#""stream": true"#.utf8), in: body, from: 0) != nil
      let line = head.prefix { $0 != "\r" }
      return ((String(line), stream), total)
    }

    private func answer(
      _ request: (line: String, stream: Bool), _ descriptor: Int32, _ client: Client
    ) {
      if request.line.hasPrefix("POST /v1/chat/completions ") {
        guard request.stream else { return send(replies.completion, descriptor, client) }
        send(replies.streamHead, descriptor, client)
        for event in replies.events where clients[descriptor] != nil {
          send(event, descriptor, client)
        }
      } else if request.line.hasPrefix("GET /v1/models ") {
        send(replies.models, descriptor, client)
      } else {
        send(replies.notFound, descriptor, client)
      }
    }

    /// Sends `bytes` with one system call, queuing what the socket does not take.
    private func send(_ bytes: [UInt8], _ descriptor: Int32, _ client: Client) {
      guard client.output.isEmpty else { return client.output.append(contentsOf: bytes) }
      let sent = Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL))
      if sent == bytes.count { return }
      guard sent >= 0 || errno == EAGAIN else { return drop(descriptor) }
      client.output = Array(bytes[max(0, sent)...])
      _ = kiln_epoll_ctl(epoll, kiln_epoll_mod, descriptor, kiln_epoll_in | kiln_epoll_out)
    }

    private func flush(_ descriptor: Int32, _ client: Client) {
      let sent = Glibc.send(descriptor, client.output, client.output.count, Int32(MSG_NOSIGNAL))
      guard sent >= 0 || errno == EAGAIN else { return drop(descriptor) }
      if sent > 0 { client.output.removeFirst(sent) }
      if client.output.isEmpty {
        _ = kiln_epoll_ctl(epoll, kiln_epoll_mod, descriptor, kiln_epoll_in)
      }
    }

    private func drop(_ descriptor: Int32) {
      _ = kiln_epoll_ctl(epoll, kiln_epoll_del, descriptor, 0)
      close(descriptor)
      clients[descriptor] = nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
      guard haystack.count >= needle.count + start else { return nil }
      for index in start...(haystack.count - needle.count)
      where haystack[index] == needle[0]
        && Array(haystack[index..<(index + needle.count)]) == needle
      {
        return index
      }
      return nil
    }
  }
#endif
