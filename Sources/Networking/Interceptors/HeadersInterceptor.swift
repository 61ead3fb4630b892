/// Adds the app's identifying headers: `User-Agent`, `X-App-Version`, `X-Platform`,
/// `X-Device-Model` (when known) and any extra headers. A header the request already has is
/// never replaced, so request-specific values win.
public struct HeadersInterceptor: HTTPInterceptor {
  /// The headers added to requests that lack them.
  public let headers: HTTPHeaders

  /// An interceptor for this app build.
  /// - Parameters:
  ///   - appName: the product token at the start of `User-Agent`.
  ///   - appVersion: the marketing version, e.g. `"1.0.0"`.
  ///   - platform: `"iOS"`, `"macOS"`, `"Linux"`…; defaults to the platform this was built for.
  ///   - deviceModel: e.g. `"iPhone16,2"`; omitted when `nil`.
  ///   - extraHeaders: more headers to add when absent (e.g. `PROXY_DEFAULT_HEADERS`).
  public init(
    appName: String = "Kiln",
    appVersion: String,
    platform: String = HeadersInterceptor.currentPlatform,
    deviceModel: String? = nil,
    extraHeaders: [String: String] = [:]
  ) {
    var headers = HTTPHeaders()
    let details = [platform, deviceModel].compactMap { $0 }.joined(separator: "; ")
    headers["User-Agent"] = "\(appName)/\(appVersion) (\(details))"
    headers["X-App-Version"] = appVersion
    headers["X-Platform"] = platform
    if let deviceModel { headers["X-Device-Model"] = deviceModel }
    for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) {
      headers.setIfAbsent(name, value)
    }
    self.headers = headers
  }

  /// Adds each header the request does not have yet.
  public func adapt(_ request: inout HTTPRequest) async throws {
    request.headers.merge(missingFrom: headers)
  }

  /// The platform this code was compiled for.
  public static var currentPlatform: String {
    #if os(iOS)
      "iOS"
    #elseif os(macOS)
      "macOS"
    #elseif os(visionOS)
      "visionOS"
    #elseif os(watchOS)
      "watchOS"
    #elseif os(tvOS)
      "tvOS"
    #elseif os(Linux)
      "Linux"
    #elseif os(Windows)
      "Windows"
    #else
      "Unknown"
    #endif
  }
}
