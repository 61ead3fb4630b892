import AppComposition
import Core
import FeatureChat
import Localization
import Storage
import Testing

@testable import kiln

/// `/whoami`, `/login`, `/logout` and `/delete-account` on their own: the account factory,
/// the auth client, an erasure the test records, and the focus the deletion clears.
@MainActor
@Suite struct AccountHandlerTests {
  /// What the handler asked of the session's services.
  @MainActor
  final class Calls {
    var erasures = 0
    let refreshes = RefreshCount()
  }

  private func makeHandler(
    _ harness: HandlerHarness, _ dependencies: AppDependencies, calls: Calls = Calls()
  ) -> AccountHandler {
    AccountHandler(
      console: harness.console, screen: harness.screen(dependencies), focus: harness.focus,
      auth: dependencies.auth, makeAccount: { dependencies.makeAccountViewModel() },
      eraseLocalData: { calls.erasures += 1 },
      memories: MemoriesViewModel(repository: dependencies.memories),
      plan: harness.plan(dependencies),
      subscriptionMayHaveChanged: { calls.refreshes.count += 1 })
  }

  @Test func whoamiWhenSignedOutSaysHowToSignInAndThePlan() async {
    let harness = HandlerHarness()
    #expect(await makeHandler(harness, .preview()).run(.whoami))
    #expect(harness.io.output.contains("Not signed in. /login signs in."))
    #expect(harness.io.output.contains("Plan: free, 10 of 10 free messages left."))
  }

  @Test func signingInAsksForThePasswordAndSaysTheSubscriptionMayHaveChanged() async {
    let harness = HandlerHarness(answers: ["correct horse battery"])
    let dependencies = AppDependencies.preview()
    let calls = Calls()
    #expect(await makeHandler(harness, dependencies, calls: calls).run(.login(email: "a@b.co")))
    #expect(harness.io.questions == ["Password: "])
    #expect(harness.io.output.contains("Signed in as a@b.co."))
    #expect(!harness.io.output.contains("correct horse"), "the password is never shown")
    #expect(calls.refreshes.count == 1)
  }

  @Test func anImplausibleEmailIsRefusedBeforeThePasswordIsAsked() async {
    let harness = HandlerHarness()
    #expect(await makeHandler(harness, .preview()).run(.login(email: "not-an-address")))
    #expect(harness.io.questions.isEmpty)
    #expect(!harness.io.errors.isEmpty)
  }

  @Test func deletingTheAccountNeedsTheWordAndThenErasesAndClearsTheFocus() async throws {
    let dependencies = AppDependencies.preview()
    let signIn = HandlerHarness(answers: ["secret-password"])
    _ = await makeHandler(signIn, dependencies).run(.login(email: "a@b.co"))

    let keep = HandlerHarness(answers: ["no"])
    let kept = Calls()
    #expect(await makeHandler(keep, dependencies, calls: kept).run(.deleteAccount))
    #expect(keep.io.output.contains("Kept the account."))
    #expect(kept.erasures == 0)

    let harness = HandlerHarness(answers: ["delete"])
    harness.focus.listing = [dependencies.uuid()]
    let calls = Calls()
    #expect(await makeHandler(harness, dependencies, calls: calls).run(.deleteAccount))
    #expect(harness.io.output.contains(L10n.Settings.accountDeleted))
    #expect(calls.erasures == 1)
    #expect(harness.focus.listing.isEmpty && harness.focus.chat == nil)
    #expect(await dependencies.auth.currentUser() == nil)
  }

  @Test func otherCommandsAreLeftToTheirHandlers() async {
    let harness = HandlerHarness()
    #expect(await makeHandler(harness, .preview()).run(.upgrade(nil)) == false)
    #expect(harness.io.output.isEmpty && harness.io.errors.isEmpty)
  }
}
