import Auth
import Testing

@Suite struct AuthSelectionTests {
  @Test(arguments: [
    ([String: String](), true, true),
    (["AUTH_BYPASS": "1"], true, true),
    (["AUTH_BYPASS": "yes"], true, true),
    (["AUTH_BYPASS": ""], true, true),
    (["AUTH_BYPASS": "0"], true, false),
    ([String: String](), false, false),
    (["AUTH_BYPASS": "1"], false, false),
    (["AUTH_BYPASS": "0"], false, false),
  ])
  func debugBuildsUseTheMockUnlessBypassIsZero(
    environment: [String: String], isDebugBuild: Bool, expected: Bool
  ) {
    #expect(useMockAuth(environment: environment, isDebugBuild: isDebugBuild) == expected)
  }
}
