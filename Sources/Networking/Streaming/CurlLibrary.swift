#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// libcurl, opened at run time (see `CCurl`): nothing is linked against it, so Kiln builds
  /// on a machine that has only the library's runtime and still starts on one without it.
  enum CurlLibrary {
    /// The environment variable that names another libcurl to open (a path or a soname).
    static let pathVariable = "KILN_LIBCURL"

    /// `nil` once libcurl is open and initialised; otherwise why it cannot be used.
    static let unavailableReason: String? = {
      let path = ProcessInfo.processInfo.environment[pathVariable]
      guard kiln_curl_load(path) == 1 else {
        let reason = kiln_curl_load_error().map { String(cString: $0) } ?? "unknown reason"
        return "libcurl could not be loaded: \(reason)"
      }
      let code = kiln_curl_global_init(CURL_GLOBAL_DEFAULT)
      guard code == CURLE_OK else {
        return "libcurl could not start: \(String(cString: kiln_curl_easy_strerror(code)))"
      }
      return nil
    }()

    /// libcurl's own version text, when it is open.
    static var version: String? {
      guard unavailableReason == nil, let text = kiln_curl_version() else { return nil }
      return String(cString: text)
    }
  }
#endif
