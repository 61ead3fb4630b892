import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPRequest {
  /// The URL this request goes to: the path joined to `baseURL` (or the absolute URL), with
  /// the query items appended.
  /// - Throws: `HTTPError.invalidRequest` when a relative path has no base URL or the result
  ///   is not a valid URL.
  public func resolvedURL(baseURL: URL?) throws -> URL {
    let base: String
    var pathQuery: String?
    switch location {
    case .url(let url):
      base = url.absoluteString
    case .path(let path):
      guard let baseURL else {
        throw HTTPError.invalidRequest(
          "\(pathForDisplay) is relative but the client has no base URL")
      }
      let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      let pathPart = parts.first.map(String.init) ?? ""
      pathQuery = parts.count > 1 ? String(parts[1]) : nil
      base = Self.join(Self.baseWithoutQuery(baseURL), Self.encodePath(pathPart))
    }
    let rendered = Self.renderQuery(query)
    let extra = [pathQuery, rendered].compactMap { $0 }.filter { !$0.isEmpty }
    var string = base
    if !extra.isEmpty {
      string += (string.contains("?") ? "&" : "?") + extra.joined(separator: "&")
    }
    guard let url = URL(string: string), url.scheme != nil else {
      throw HTTPError.invalidRequest("\(pathForDisplay) does not form a valid URL")
    }
    return url
  }

  /// The `URLRequest` the transport sends. Timeouts are enforced by the transport itself, so
  /// Foundation's own timer is pushed out of the way.
  func urlRequest(url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method.rawValue
    request.httpBody = body
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.timeoutInterval = Self.foundationTimeout
    request.httpShouldHandleCookies = false
    for field in headers {
      if request.value(forHTTPHeaderField: field.name) == nil {
        request.setValue(field.value, forHTTPHeaderField: field.name)
      } else {
        request.addValue(field.value, forHTTPHeaderField: field.name)
      }
    }
    return request
  }

  /// One week: far beyond any timeout the transport enforces, but small enough that every
  /// Foundation implementation converts it to milliseconds without overflow.
  static let foundationTimeout: TimeInterval = 7 * 24 * 60 * 60

  private static func baseWithoutQuery(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url.absoluteString
    }
    components.query = nil
    components.fragment = nil
    return components.string ?? url.absoluteString
  }

  private static func join(_ base: String, _ path: String) -> String {
    var trimmedBase = Substring(base)
    while trimmedBase.hasSuffix("/") { trimmedBase = trimmedBase.dropLast() }
    var trimmedPath = Substring(path)
    while trimmedPath.hasPrefix("/") { trimmedPath = trimmedPath.dropFirst() }
    if trimmedPath.isEmpty { return String(trimmedBase) + "/" }
    return String(trimmedBase) + "/" + trimmedPath
  }

  /// Percent-encodes what a path may not contain, leaving existing `%XX` escapes alone.
  private static func encodePath(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.insert("%")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  /// `name=value&…` with everything outside RFC 3986's unreserved set percent-encoded, so
  /// `+`, `&` and `=` inside values survive every server's decoder.
  static func renderQuery(_ items: [URLQueryItem]) -> String {
    items.map { item in
      let name = encodeQueryComponent(item.name)
      guard let value = item.value else { return name }
      return name + "=" + encodeQueryComponent(value)
    }.joined(separator: "&")
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private static func encodeQueryComponent(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}
