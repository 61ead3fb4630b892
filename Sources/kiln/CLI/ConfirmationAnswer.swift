import Foundation

/// A yes to a `[y/N]` question. The English answers always count, so a script that pipes
/// `y` works in every language; Spanish adds its own (`s`, `sí`, `si`).
enum ConfirmationAnswer {
  static func isYes(_ answer: String) -> Bool {
    let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
    return ["y", "yes", "s", "si", "sí"].contains(word)
  }
}
