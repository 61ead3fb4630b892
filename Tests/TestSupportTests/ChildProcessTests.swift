import Foundation
import TestSupport
import Testing

/// The preflight that runs before Swift Testing starts (Sources/CTestPreflight).
@Suite struct ChildProcessTests {
  @Test func theTestsRunAtMostTwentyFourAtOnceUnlessTheEnvironmentSaysOtherwise() {
    let configured = ProcessInfo.processInfo.environment[
      "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
    #expect(configured != nil, "the preflight sets the width before the tests start")
    #expect(ChildProcess.parallelizationWidth == Int(configured ?? "") ?? -1)
    #expect(ChildProcess.parallelizationWidth > 0)
  }
}
