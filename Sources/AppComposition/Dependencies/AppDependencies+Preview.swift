import AI
import Auth
import Core
import FeatureChat
import Foundation
import Localization
import Payments
import Storage

extension AppDependencies {
  /// Everything in memory: the echo model (replying without delay), mock payments, no files.
  /// For SwiftUI previews, UI tests and the app's own tests.
  public static func preview(
    configuration: Configuration = Configuration(), clock: AppClock = .live,
    uuid: UUIDGenerator = .incrementing(), language: Language = .english
  ) -> AppDependencies {
    preview(
      configuration: configuration, clock: clock, uuid: uuid, language: language,
      sessionKeeper: nil)
  }

  /// The preview dependencies with an auth client that keeps a session (for tests of what
  /// `start()` and `shutdown()` ask of it).
  static func preview(
    configuration: Configuration = Configuration(), clock: AppClock = .live,
    uuid: UUIDGenerator = .incrementing(), language: Language = .english,
    sessionKeeper: (any SessionKeeping)?
  ) -> AppDependencies {
    let repositories = StorageBuilder.inMemory(clock: clock, uuid: uuid)
    let ai = AIConfiguration(provider: .echo(reason: "preview"), catalogue: .defaults)
    return AppDependencies(
      configuration: configuration, paths: nil,
      flags: FeatureFlags.resolve(configuration, isDevelopmentBuild: true),
      logger: .disabled, clock: clock, uuid: uuid, language: language, ai: ai,
      chatClient: EchoLLMClient(clock: clock, delay: .zero), store: repositories,
      secureStore: InMemorySecureStore(), auth: MockAuthClient(), sessionKeeper: sessionKeeper,
      payments: MockPaymentsClient(clock: clock), instanceLock: nil,
      freeTierPolicy: freeTierPolicy(configuration),
      chat: ChatServicesBuilder.chatConfiguration(configuration, ai: ai), calendar: utcCalendar())
  }

  private static func utcCalendar() -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }
}
