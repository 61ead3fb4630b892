#if os(Linux)
  import CCurl
  import Foundation
  import Networking
  import TestSupport
  import Testing

  /// `CCurl` declares libcurl's interface itself and opens `libcurl.so.4` at run time. These
  /// tests check those declarations against the real library: every option Kiln sets is one
  /// libcurl knows with the type Kiln passes, and the message layout Kiln reads is libcurl's.
  @Suite struct CurlLibraryTests {
    @Test func theRuntimeLibraryOpensAndStreamsAreFlowControlled() throws {
      guard case .flowControlled(let version) = StreamTransport.current else {
        Issue.record("streams are not flow-controlled: \(StreamTransport.current.description)")
        return
      }
      #expect(version.hasPrefix("libcurl/"), "\(version)")
      #expect(kiln_curl_load_error() == nil)
    }

    @Test func everyOptionKilnSetsIsAcceptedWithItsType() throws {
      _ = StreamTransport.current  // opens the library
      let easy = try #require(kiln_curl_easy_init())
      defer { kiln_curl_easy_cleanup(easy) }
      let longs: [CURLoption] = [
        CURLOPT_NOSIGNAL, CURLOPT_FOLLOWLOCATION, CURLOPT_MAXREDIRS,
        CURLOPT_SUPPRESS_CONNECT_HEADERS, CURLOPT_TCP_KEEPALIVE, CURLOPT_HTTPGET,
        CURLOPT_NOBODY,
      ]
      for option in longs {
        #expect(kiln_curl_set_long(easy, option, 1) == CURLE_OK, "option \(option.rawValue)")
      }
      let strings: [CURLoption] = [
        CURLOPT_URL, CURLOPT_PROTOCOLS_STR, CURLOPT_REDIR_PROTOCOLS_STR,
        CURLOPT_ACCEPT_ENCODING, CURLOPT_CUSTOMREQUEST,
      ]
      for option in strings {
        let value = option == CURLOPT_URL ? "http://127.0.0.1:9/" : "http"
        #expect(kiln_curl_set_string(easy, option, value) == CURLE_OK, "option \(option.rawValue)")
      }
      #expect(kiln_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, 2) == CURLE_OK)
      #expect(kiln_curl_set_string(easy, CURLOPT_COPYPOSTFIELDS, "{}") == CURLE_OK)
      for option in [CURLOPT_HTTPHEADER, CURLOPT_HEADERDATA, CURLOPT_WRITEDATA] {
        #expect(kiln_curl_set_pointer(easy, option, nil) == CURLE_OK, "option \(option.rawValue)")
      }
      for option in [CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION] {
        let accepted = kiln_curl_set_callback(easy, option) { _, size, count, _ in size * count }
        #expect(accepted == CURLE_OK, "option \(option.rawValue)")
      }
      // An option number libcurl does not have is refused, so the checks above can fail.
      #expect(kiln_curl_set_long(easy, CURLoption(rawValue: 9_999), 1) == CURLE_UNKNOWN_OPTION)
    }

    @Test func aTransferEndsWithTheMessageLayoutKilnReads() throws {
      try withHelloTransfer { server, easy, multi in
        #expect(kiln_curl_multi_add_handle(multi, easy) == CURLM_OK)
        defer { _ = kiln_curl_multi_remove_handle(multi, easy) }

        var finished: CURLMsg?
        for _ in 0..<1_000 where finished == nil {
          var running: Int32 = 0
          #expect(kiln_curl_multi_perform(multi, &running) == CURLM_OK)
          var remaining: Int32 = 0
          if let message = kiln_curl_multi_info_read(multi, &remaining) {
            finished = message.pointee
          }
          _ = kiln_curl_multi_poll(multi, nil, 0, 10, nil)
        }
        let message = try #require(finished)
        #expect(message.msg == CURLMSG_DONE)
        #expect(message.easy_handle == easy)
        #expect(message.data.result == CURLE_OK)
        var status = 0
        #expect(kiln_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK)
        #expect(status == 200)
        var url: UnsafeMutablePointer<CChar>?
        #expect(kiln_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK)
        #expect(url.map { String(cString: $0) } == server.url("/hello").absoluteString)
      }
    }

    @Test func everyPoolOptionIsAcceptedWithItsType() throws {
      _ = StreamTransport.current
      let easy = try #require(kiln_curl_easy_init())
      defer { kiln_curl_easy_cleanup(easy) }
      for option in [CURLOPT_TCP_NODELAY, CURLOPT_MAXAGE_CONN] {
        #expect(kiln_curl_set_long(easy, option, 1) == CURLE_OK, "option \(option.rawValue)")
      }
      // libcurl itself answers (a handle with no transfer cannot be resumed); the pool tests
      // pause and resume real transfers.
      #expect(kiln_curl_easy_pause(easy, CURLPAUSE_CONT) == CURLE_BAD_FUNCTION_ARGUMENT)
      let multi = try #require(kiln_curl_multi_init())
      defer { _ = kiln_curl_multi_cleanup(multi) }
      let options: [CURLMoption] = [
        CURLMOPT_MAX_HOST_CONNECTIONS, CURLMOPT_MAXCONNECTS, CURLMOPT_MAX_TOTAL_CONNECTIONS,
      ]
      for option in options {
        #expect(kiln_curl_multi_set_long(multi, option, 8) == CURLM_OK, "\(option.rawValue)")
      }
      #expect(kiln_curl_multi_set_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX) == CURLM_OK)
      // A multi option libcurl does not have is refused, so the checks above can fail.
      #expect(
        kiln_curl_multi_set_long(multi, CURLMoption(rawValue: 999), 1) == CURLM_UNKNOWN_OPTION)
    }

    /// The event-driven calls the pool drives libcurl with: a transfer run only through
    /// `curl_multi_socket_action`, libcurl naming its sockets and timer through the callbacks.
    @Test func aTransferRunsOnTheSocketAndTimerCallbacksAlone() throws {
      try withHelloTransfer { _, easy, multi in
        let asked = CallbackLog()
        let context = Unmanaged.passUnretained(asked).toOpaque()
        #expect(
          kiln_curl_multi_set_socket_callback(
            multi,
            { _, socket, what, context, _ in
              guard let context else { return 0 }
              let log = Unmanaged<CallbackLog>.fromOpaque(context).takeUnretainedValue()
              log.sockets[socket] = what == Int32(KILN_CURL_POLL_REMOVE) ? nil : what
              return 0
            }, context) == CURLM_OK)
        #expect(
          kiln_curl_multi_set_timer_callback(
            multi,
            { _, milliseconds, context in
              guard let context else { return 0 }
              Unmanaged<CallbackLog>.fromOpaque(context).takeUnretainedValue().timer = milliseconds
              return 0
            }, context) == CURLM_OK)
        #expect(kiln_curl_multi_add_handle(multi, easy) == CURLM_OK)
        defer { _ = kiln_curl_multi_remove_handle(multi, easy) }
        // Adding a transfer asks for the timer at once.
        #expect(asked.timer == 0)
        var finished: CURLMsg?
        var running: Int32 = 1
        for _ in 0..<1_000 where finished == nil {
          if asked.timer == 0 {
            asked.timer = -1
            #expect(
              kiln_curl_multi_socket_action(multi, Int32(KILN_CURL_SOCKET_TIMEOUT), 0, &running)
                == CURLM_OK)
          }
          var descriptors = asked.sockets.map { socket, what in
            pollfd(
              fd: socket,
              events: Int16(
                (what & Int32(KILN_CURL_POLL_IN) != 0 ? POLLIN : 0)
                  | (what & Int32(KILN_CURL_POLL_OUT) != 0 ? POLLOUT : 0)), revents: 0)
          }
          _ = poll(&descriptors, nfds_t(descriptors.count), 10)
          for descriptor in descriptors where descriptor.revents != 0 {
            var mask: Int32 = 0
            if descriptor.revents & Int16(POLLIN | POLLHUP) != 0 {
              mask |= Int32(KILN_CURL_CSELECT_IN)
            }
            if descriptor.revents & Int16(POLLOUT) != 0 { mask |= Int32(KILN_CURL_CSELECT_OUT) }
            #expect(kiln_curl_multi_socket_action(multi, descriptor.fd, mask, &running) == CURLM_OK)
          }
          var remaining: Int32 = 0
          if let message = kiln_curl_multi_info_read(multi, &remaining) {
            finished = message.pointee
          }
        }
        let message = try #require(finished)
        #expect(message.msg == CURLMSG_DONE)
        #expect(message.data.result == CURLE_OK)
        #expect(running == 0)
        var status = 0
        #expect(kiln_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK)
        #expect(status == 200)
        var redirects = -1
        #expect(kiln_curl_get_long(easy, CURLINFO_REDIRECT_COUNT, &redirects) == CURLE_OK)
        #expect(redirects == 0)
      }
    }

    /// Runs `body` with an easy handle set to fetch `/hello` from a loopback server (its
    /// bytes dropped) and a multi handle, not yet joined; both are freed afterwards.
    private func withHelloTransfer(
      _ body: (LoopbackHTTPServer, UnsafeMutableRawPointer, UnsafeMutableRawPointer) throws
        -> Void
    ) throws {
      let server = try LoopbackHTTPServer()
      defer { server.stop() }
      server.route(.get, "/hello", .text("hello"))
      _ = StreamTransport.current
      let easy = try #require(kiln_curl_easy_init())
      defer { kiln_curl_easy_cleanup(easy) }
      let multi = try #require(kiln_curl_multi_init())
      defer { _ = kiln_curl_multi_cleanup(multi) }
      #expect(
        kiln_curl_set_string(easy, CURLOPT_URL, server.url("/hello").absoluteString) == CURLE_OK)
      #expect(
        kiln_curl_set_callback(easy, CURLOPT_WRITEFUNCTION) { _, size, count, _ in size * count }
          == CURLE_OK)
      try body(server, easy, multi)
    }

    @Test func errorTextComesFromTheLibrary() {
      _ = StreamTransport.current
      #expect(String(cString: kiln_curl_easy_strerror(CURLE_COULDNT_CONNECT)).contains("connect"))
      #expect(String(cString: kiln_curl_multi_strerror(CURLM_OK)) == "No error")
    }
  }

  /// What libcurl asked for through the multi callbacks (used on the test's thread only).
  private final class CallbackLog {
    var sockets: [Int32: Int32] = [:]
    var timer = -1
  }
#endif
