import Foundation

extension BrandConfig {
  /// `string` as a URL if it is `https`, has a host, contains no whitespace and is not a
  /// placeholder (see `isPlaceholder(_:)`); otherwise `nil`.
  public static func legalURL(_ string: String) -> URL? {
    guard !string.isEmpty, !string.contains(where: \.isWhitespace), !isPlaceholder(string),
      let components = URLComponents(string: string),
      components.scheme?.lowercased() == "https",
      let host = components.host, !host.isEmpty, !isReservedHost(host),
      components.user == nil, components.password == nil
    else { return nil }
    return components.url
  }

  /// Whether `value` is a template placeholder rather than a real value: it contains `YOUR`
  /// (as in `YOUR-DOMAIN`) or `placeholder` in any case, or template braces (`{{` or `<`).
  /// The same rule as the app's configuration keys.
  public static func isPlaceholder(_ value: String) -> Bool {
    value.contains("YOUR") || value.lowercased().contains("placeholder") || value.contains("{{")
      || value.contains("<")
  }

  /// Whether `host` is reserved for documentation or testing (RFC 2606 and RFC 6761):
  /// `example.com/.net/.org` and the `.example`, `.test`, `.invalid` and `.localhost`
  /// domains, or `localhost` itself.
  public static func isReservedHost(_ host: String) -> Bool {
    let lowered = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    let reservedNames = ["example.com", "example.net", "example.org", "localhost"]
    if reservedNames.contains(where: { lowered == $0 || lowered.hasSuffix("." + $0) }) {
      return true
    }
    let reservedTopLevel = ["example", "test", "invalid", "localhost"]
    return reservedTopLevel.contains { lowered.hasSuffix("." + $0) || lowered == $0 }
  }

  /// Whether `address` looks like a deliverable e-mail address: one `@`; a local part of
  /// 1–64 ASCII letters, digits and `.!#$%&'*+/=?^_{|}~-` without leading, trailing or double
  /// dots; a domain of at least two dot-separated labels of letters, digits and inner
  /// hyphens, ending in a top-level domain of two or more letters; at most 254 characters;
  /// not a placeholder or a reserved domain.
  public static func isValidEmail(_ address: String) -> Bool {
    guard address.count <= 254, !isPlaceholder(address) else { return false }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return isValidLocalPart(parts[0]) && isValidDomain(parts[1])
  }

  private static func isValidLocalPart(_ local: Substring) -> Bool {
    let allowed = Set("!#$%&'*+/=?^_`{|}~-.")
    guard (1...64).contains(local.count), !local.hasPrefix("."), !local.hasSuffix("."),
      !local.contains("..")
    else { return false }
    return local.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) }
  }

  private static func isValidDomain(_ domain: Substring) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, !isReservedHost(String(domain)) else { return false }
    for label in labels {
      guard (1...63).contains(label.count), !label.hasPrefix("-"), !label.hasSuffix("-"),
        label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
      else { return false }
    }
    guard let topLevel = labels.last else { return false }
    return topLevel.count >= 2 && topLevel.allSatisfy(\.isLetter)
  }
}
