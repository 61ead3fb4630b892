#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// Turns libcurl result codes into `HTTPError`, with the same codes `URLSession` reports.
  enum CurlErrorMapper {
    static func map(_ code: CURLcode, receivedHead: Bool) -> HTTPError {
      let message = String(cString: kiln_curl_easy_strerror(code))
      switch code {
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
        return .transport(code: URLErrorCode.cannotFindHost, message: message)
      case CURLE_COULDNT_CONNECT:
        return .transport(code: URLErrorCode.cannotConnectToHost, message: message)
      case CURLE_OPERATION_TIMEDOUT:
        return .transport(code: URLErrorCode.timedOut, message: message)
      case CURLE_SSL_CONNECT_ERROR:
        return .transport(code: URLErrorCode.secureConnectionFailed, message: message)
      case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
        return .transport(code: URLErrorCode.serverCertificateUntrusted, message: message)
      case CURLE_GOT_NOTHING:
        return .transport(
          code: URLErrorCode.networkConnectionLost,
          message: "The connection closed without a response: \(message)")
      case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2,
        CURLE_HTTP2_STREAM:
        return .transport(
          code: URLErrorCode.networkConnectionLost, message: "The connection was lost: \(message)")
      case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING,
        // The request's own scheme was checked before sending, so this is the server's
        // doing: an answer that is not HTTP (HTTP/0.9), or a redirect to another protocol.
        CURLE_UNSUPPORTED_PROTOCOL:
        return .transport(code: URLErrorCode.badServerResponse, message: message)
      case CURLE_TOO_MANY_REDIRECTS:
        return .transport(
          code: URLErrorCode.httpTooManyRedirects,
          message: "The server redirected more than 20 times (a redirect loop): \(message)")
      case CURLE_URL_MALFORMAT:
        return .invalidRequest(message)
      default:
        return .transport(
          code: receivedHead ? URLErrorCode.networkConnectionLost : URLErrorCode.unknown,
          message: message)
      }
    }
  }
#endif
