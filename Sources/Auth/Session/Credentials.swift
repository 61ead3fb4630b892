import Core
import Foundation

/// The checks an e-mail address and password pass before they are sent to GoTrue, so an
/// obvious mistake gets a clear message without a round trip.
enum Credentials {
  /// `email` without surrounding white space.
  /// - Throws: `AppError.validation` when it is empty or has no `@`.
  static func validatedEmail(_ email: String) throws -> String {
    let trimmed = email.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw AppError.validation(message: "Enter your e-mail address.") }
    guard trimmed.contains("@") else {
      throw AppError.validation(message: "Enter a valid e-mail address.")
    }
    return trimmed
  }

  /// - Throws: `AppError.validation` when `password` is empty.
  static func validatePassword(_ password: String) throws {
    guard !password.isEmpty else { throw AppError.validation(message: "Enter your password.") }
  }
}
