#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// The request as libcurl options: method and body, headers, redirects, encodings, and the
  /// two callbacks that bring the response back to the worker.
  extension CurlWorker {
    func configure(
      _ easy: UnsafeMutableRawPointer, headerList: inout UnsafeMutablePointer<curl_slist>?
    ) -> HTTPError? {
      let context = Unmanaged.passUnretained(self).toOpaque()
      var result = CURLE_OK
      func set(_ code: CURLcode) { if result == CURLE_OK { result = code } }

      set(kiln_curl_set_string(easy, CURLOPT_URL, transfer.request.url.absoluteString))
      set(kiln_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
      set(kiln_curl_set_long(easy, CURLOPT_NOSIGNAL, 1))
      // Redirects are followed as URLSession follows them (POST becomes GET after 301–303).
      set(kiln_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1))
      set(kiln_curl_set_long(easy, CURLOPT_MAXREDIRS, 20))
      set(kiln_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
      // Offer every encoding libcurl can decode, and decode it, as URLSession does.
      set(kiln_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
      set(kiln_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
      set(kiln_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
      let sendsBody: Bool
      switch (transfer.request.method, transfer.request.body) {
      case ("GET", nil):
        sendsBody = false
        set(kiln_curl_set_long(easy, CURLOPT_HTTPGET, 1))
      case ("HEAD", _):
        sendsBody = false
        set(kiln_curl_set_long(easy, CURLOPT_NOBODY, 1))
      case (let method, let body):
        // Any other method carries a body, empty when there is none, so the request is
        // framed with `Content-Length: 0` as URLSession frames it.
        sendsBody = true
        let body = body ?? Data()
        set(kiln_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        if body.isEmpty {
          set(kiln_curl_set_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
        } else {
          body.withUnsafeBytes { raw in
            set(kiln_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, raw.baseAddress))
          }
        }
        if method != "POST" {
          set(kiln_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
        }
      }

      for field in transfer.request.headers {
        // libcurl reads `Name:` with nothing after it as "remove this header"; `Name;` sends
        // it with an empty value.
        let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
        headerList = kiln_curl_slist_append(headerList, line)
      }
      // No `Expect: 100-continue` round trip before the body; no form content type unless
      // the request asked for one.
      headerList = kiln_curl_slist_append(headerList, "Expect:")
      if sendsBody && !transfer.request.headers.contains("Content-Type") {
        headerList = kiln_curl_slist_append(headerList, "Content-Type:")
      }
      set(kiln_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList))

      set(kiln_curl_set_pointer(easy, CURLOPT_HEADERDATA, context))
      set(
        kiln_curl_set_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
          guard let data, let context else { return 0 }
          let worker = Unmanaged<CurlWorker>.fromOpaque(context).takeUnretainedValue()
          return worker.receivedHeader(data, length: size * count)
        })
      set(kiln_curl_set_pointer(easy, CURLOPT_WRITEDATA, context))
      set(
        kiln_curl_set_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
          guard let data, let context else { return 0 }
          let worker = Unmanaged<CurlWorker>.fromOpaque(context).takeUnretainedValue()
          return worker.receivedBody(data, length: size * count)
        })
      guard result == CURLE_OK else {
        return .invalidRequest(
          "libcurl rejected the request: \(String(cString: kiln_curl_easy_strerror(result)))")
      }
      return nil
    }
  }
#endif
