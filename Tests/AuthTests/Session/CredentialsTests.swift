import Core
import Testing

@testable import Auth

@Suite struct CredentialsTests {
  @Test func anAddressIsTrimmed() throws {
    #expect(try Credentials.validatedEmail("  ada@example.com\n") == "ada@example.com")
  }

  @Test(arguments: [
    ("", "Enter your e-mail address."), ("   ", "Enter your e-mail address."),
    ("ada.example.com", "Enter a valid e-mail address."),
  ])
  func aMissingOrMalformedAddressGetsAClearMessage(email: String, message: String) {
    #expect(throws: AppError.validation(message: message)) {
      try Credentials.validatedEmail(email)
    }
  }

  @Test func anEmptyPasswordIsRefusedAndAnyOtherAccepted() throws {
    #expect(throws: AppError.validation(message: "Enter your password.")) {
      try Credentials.validatePassword("")
    }
    try Credentials.validatePassword(" ")
  }
}
