/// Plausibility checks for what the user typed; the server has the last word.
enum CredentialRules {
  /// Whether `email` looks like an address: one `@`, a local part, and a dotted domain,
  /// with no whitespace.
  static func isPlausibleEmail(_ email: String) -> Bool {
    guard !email.contains(where: \.isWhitespace) else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}
