import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@testable import AppComposition

/// The builders the composition root uses, each on its own: storage, chat services, and
/// accounts.
@MainActor
@Suite struct DependencyBuildersTests {
  @Test func theDataFolderIsCreatedForItsOwnerOnly() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.appendingPathComponent("a/b/kiln")
      try StorageBuilder.prepareDataDirectory(folder)
      let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }
  }

  @Test func aDataFolderBlockedByAFileIsADataLocationErrorNamingIt() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("in-the-way")
      try Data("x".utf8).write(to: file)
      let folder = file.appendingPathComponent("kiln")
      let error = #expect(throws: DataLocationError.self) {
        try StorageBuilder.prepareDataDirectory(folder)
      }
      #expect(error?.path == folder.path)
    }
  }

  @Test func theLiveRepositoriesKeepAConversationInTheDatabaseFile() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let clock = ManualClock().appClock
      let first = try StorageBuilder.live(
        path: path, readsOnly: false, clock: clock, uuid: .incrementing(), logger: .disabled)
      let created = try await first.conversations.create(
        title: "Kept", personaName: nil, personaID: nil)
      await first.database?.close()

      let again = try StorageBuilder.live(
        path: path, readsOnly: false, clock: clock, uuid: .incrementing(from: 100),
        logger: .disabled)
      #expect(try await again.conversations.get(id: created.id)?.title == "Kept")
      await again.database?.close()
    }
  }

  @Test func theChatTunablesComeFromTheConfiguration() throws {
    let configuration = Configuration(values: [
      "KILN_CONTEXT_BUDGET": "1234", "KILN_MAX_PROMPT_BYTES": "99",
    ])
    let chat = ChatServicesBuilder.chatConfiguration(
      configuration, ai: try AppDependencies.resolveAI(configuration))
    #expect(chat.contextBudget.promptTokens == 1234)
    #expect(chat.maximumMessageBytes == 99)

    let defaults = ChatServicesBuilder.chatConfiguration(
      Configuration(), ai: try AppDependencies.resolveAI(Configuration()))
    #expect(defaults.contextBudget == ChatConfiguration().contextBudget)
    #expect(defaults.maximumMessageBytes == ChatConfiguration().maximumMessageBytes)
  }

  @Test func aDailyFreeTierIsConfiguredByItsPeriod() {
    let daily = ChatServicesBuilder.freeTierPolicy(
      Configuration(values: ["KILN_FREE_MESSAGE_LIMIT": "3", "KILN_FREE_PERIOD": "day"]))
    #expect(daily == FreeTierPolicy(limit: 3, period: .daily))
    #expect(ChatServicesBuilder.freeTierPolicy(Configuration()) == .standard)
  }

  @Test func accountsKeepASessionOnlyWhenSupabaseIsConfiguredInARealBuild() {
    let store = InMemorySecureStore()
    let clock = ManualClock().appClock
    let supabase = Configuration(values: [
      "SUPABASE_URL": "https://example.supabase.co", "SUPABASE_ANON_KEY": "anon",
    ])
    let configured = AccountServicesBuilder.auth(
      configuration: supabase,
      flags: FeatureFlags.resolve(supabase, isDevelopmentBuild: false), secureStore: store,
      clock: clock, logger: .disabled)
    #expect(configured.keeper != nil)

    let unconfigured = AccountServicesBuilder.auth(
      configuration: Configuration(),
      flags: FeatureFlags.resolve(Configuration(), isDevelopmentBuild: false),
      secureStore: store, clock: clock, logger: .disabled)
    #expect(unconfigured.keeper == nil)

    let development = AccountServicesBuilder.auth(
      configuration: supabase,
      flags: FeatureFlags.resolve(supabase, isDevelopmentBuild: true), secureStore: store,
      clock: clock, logger: .disabled)
    #expect(development.keeper == nil)
  }
}
