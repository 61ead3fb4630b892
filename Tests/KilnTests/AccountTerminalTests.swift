import Foundation
import Testing

/// `kiln login` on a terminal: the e-mail is asked when missing and the password is read with
/// echo off, so it never appears on screen.
@Suite struct AccountTerminalTests {
  @Test func loginOnATerminalAsksAndNeverEchoesThePassword() async throws {
    let home = try ChatTestHome()
    let kiln = try home.startOnTerminal(["login"])
    var mark = try await kiln.waitFor("E-mail: ")
    kiln.type("me@example.org\r")
    mark = try await kiln.waitFor("Password: ", after: mark)
    kiln.type("not-on-screen-42\r")
    try await kiln.waitFor("Signed in as me@example.org.", after: mark)
    #expect(try await kiln.waitForExit() == 0)
    #expect(!kiln.rawOutput.contains("not-on-screen-42"), "the password is never echoed")

    let who = try await home.runWithPipes(["whoami"], input: "")
    #expect(who.status == 0)
    #expect(who.output.contains("me@example.org"))
  }
}
