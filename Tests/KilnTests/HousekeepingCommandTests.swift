import Foundation
import TestSupport
import Testing

/// The real `kiln` binary for the commands around the chat: the doctor, the interface
/// language, and the development mock account.
@Suite struct HousekeepingCommandTests {
  // MARK: doctor

  @Test func doctorChecksThatTheConfiguredModelIsOneTheProviderLists() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let list = #"{"object":"list","data":[{"id":"loop-model"},{"id":"other-model"}]}"#
      server.route(.get, "/v1/models", .json(list))
      let home = try ChatTestHome()
      let listed = try await home.runWithPipes(
        ["doctor"], input: "", environment: KilnOutput.provider(server))
      #expect(listed.status == 0, "\(listed.output)")
      #expect(listed.output.contains("ok   model: loop-model is one of the provider's models"))

      let missing = try await home.runWithPipes(
        ["doctor"], input: "",
        environment: KilnOutput.provider(server, ["KILN_MODEL": "nope-model"]))
      #expect(missing.status == 1)
      #expect(
        missing.output.contains(
          "FAIL model: nope-model is not among the provider's 2 model(s) (loop-model, "
            + "other-model): set KILN_MODEL to one of them"), "\(missing.output)")
    }
  }

  @Test func doctorChecksTheProviderItCanReach() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(.get, "/v1/models", .json(#"{"object":"list","data":[]}"#))
      let home = try ChatTestHome()
      let healthy = try await home.runWithPipes(
        ["doctor", "--json"], input: "", environment: KilnOutput.provider(server))
      #expect(healthy.status == 0)
      let checks = try #require(
        try JSONSerialization.jsonObject(with: Data(healthy.output.utf8)) as? [[String: Any]])
      #expect(
        checks.map { $0["name"] as? String } == [
          "configuration", "database", "AI provider", "model", "streams",
        ])
      #expect(checks.allSatisfy { $0["ok"] as? Bool == true })
      #expect(
        (checks.last?["detail"] as? String)?.hasPrefix("flow-controlled through libcurl/") == true)
    }
    let home = try ChatTestHome()
    let unreachable = try await home.runWithPipes(
      ["doctor"], input: "", environment: ["OPENAI_BASE_URL": "http://127.0.0.1:9/v1"])
    #expect(unreachable.status == 1)
    #expect(unreachable.output.contains("FAIL AI provider"))
    #expect(unreachable.output.contains("(Connection failed)"), "the transport's own words")
  }

  // MARK: language

  @Test func kilnSpeaksTheLanguageTheEnvironmentOrConfigurationChooses() async throws {
    let home = try ChatTestHome()
    let unreachable = ["OPENAI_BASE_URL": "http://127.0.0.1:9/v1"]
    let english = try await home.runWithPipes(["ask", "hi"], input: "", environment: unreachable)
    #expect(english.error.contains("A network error occurred."), "\(english.error)")

    var spanishLocale = unreachable
    spanishLocale["LANG"] = "es_ES.UTF-8"
    let spanish = try await home.runWithPipes(
      ["ask", "hola"], input: "", environment: spanishLocale)
    #expect(spanish.status == 1)
    #expect(spanish.error.contains("Se ha producido un error de red."), "\(spanish.error)")

    // The configured language wins over the locale.
    spanishLocale["KILN_LANGUAGE"] = "en"
    let chosen = try await home.runWithPipes(
      ["ask", "hello"], input: "", environment: spanishLocale)
    #expect(chosen.error.contains("A network error occurred."), "\(chosen.error)")
  }

  // MARK: accounts (the development mock)

  @Test func signUpSignInAndOutLastBetweenRuns() async throws {
    let home = try ChatTestHome()
    let signup = try await home.runWithPipes(
      ["signup", "--email", "new@example.org", "--password-stdin"], input: "long-enough-1\n")
    #expect(signup.status == 0)
    #expect(!signup.output.contains("long-enough-1") && !signup.error.contains("long-enough-1"))
    let who = try await home.runWithPipes(["whoami", "--json"], input: "")
    #expect(who.status == 0)
    let user = try KilnOutput.object(who.output)
    #expect(user["signed_in"] as? Bool == true)
    #expect(user["email"] as? String == "new@example.org")

    #expect(try await home.runWithPipes(["logout"], input: "").status == 0)
    let nobody = try await home.runWithPipes(["whoami", "--json"], input: "")
    #expect(nobody.status == 1)
    #expect(try KilnOutput.object(nobody.output)["signed_in"] as? Bool == false)

    let empty = try await home.runWithPipes(
      ["login", "--email", "a@example.org", "--password-stdin"], input: "\n")
    #expect(empty.status == 2)
    #expect(empty.error.contains("password"))
    let login = try await home.runWithPipes(
      ["login", "--email", "a@example.org", "--password-stdin"], input: "pw\n",
      environment: ["KILN_LOG_LEVEL": "debug"])
    #expect(login.status == 0)
    // Signing in tells payments who the user is; it does not configure them a second time.
    #expect(login.error.contains("payments configured"), "\(login.error)")
    #expect(!login.error.contains("already configured"), "\(login.error)")
    let again = try KilnOutput.object(
      try await home.runWithPipes(["whoami", "--json"], input: "").output)
    #expect(again["email"] as? String == "a@example.org")
  }
}
