import Foundation
import Testing

/// The real `kiln` binary with a config file copied from an example and never filled in.
@Suite struct ConfigurationPlaceholderTests {
  @Test(arguments: ["your-api-key", "sk-..."])
  func aKeyLeftAsTheExampleIsIgnoredNotSent(placeholder: String) async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("config")
    try "OPENAI_API_KEY = \(placeholder)\n".write(to: file, atomically: true, encoding: .utf8)

    let config = try await home.runWithPipes(["--config", file.path, "config"], input: "")
    #expect(config.status == 0)
    #expect(config.output.contains("AI client       echo"), "\(config.output)")
    #expect(config.output.contains("OPENAI_API_KEY = (hidden) [placeholder, ignored]"))

    // Without the placeholder key there is no provider: the echo model answers, and no
    // request carrying a made-up key goes to api.openai.com.
    let ask = try await home.runWithPipes(["--config", file.path, "ask", "hi"], input: "")
    #expect(ask.status == 0, "\(ask.error)")
    #expect(ask.output == "hi\n")
  }
}
