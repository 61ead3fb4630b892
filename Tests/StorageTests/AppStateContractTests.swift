import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Settings, memories and the usage counter: one contract for both implementations.
@Suite struct AppStateContractTests {
  @Test(arguments: Backend.allCases)
  func settingsLoadDefaultsUntilSavedThenRoundTrip(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      #expect(try await harness.settings.load() == .defaults)
      var settings = try await harness.settings.load()
      settings.theme = .obsidian
      settings.shareDiagnostics = true
      settings.notificationsEnabled = false
      settings.hapticsEnabled = false
      settings.reduceMotion = true
      settings.chatUIStyle = .centered
      settings.selectedModel = "openai/gpt-4o-mini"
      settings.selectedPersonaID = "coach"
      settings.language = "es"
      try await harness.settings.save(settings)
      #expect(try await harness.settings.load() == settings)
      settings.selectedModel = nil
      try await harness.settings.save(settings)
      #expect(try await harness.settings.load().selectedModel == nil)
    }
  }

  @Test func settingsDecodeLenientlyFromNewerOrOlderDocuments() throws {
    let json = #"{"theme":"neon","chatUIStyle":"cards","reduceMotion":true,"future":1}"#
    let settings = try JSONDecoder().decode(SettingsDTO.self, from: Data(json.utf8))
    #expect(settings.theme == .system)
    #expect(settings.chatUIStyle == .bubble)
    #expect(settings.reduceMotion)
    #expect(settings.notificationsEnabled == SettingsDTO.defaults.notificationsEnabled)
    let seedName: SettingsDTO.Theme = .aurora
    #expect(seedName.isPremium)
  }

  @Test(arguments: Backend.allCases)
  func memoriesCanBeAddedListedEditedAndDeleted(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let first = try await harness.memories.add(text: " Likes tea ", source: .user)
      let second = try await harness.memories.add(text: "Lives in Porto", source: .assistant)
      let third = try await harness.memories.add(text: "Has a cat", source: nil)
      #expect(first.text == "Likes tea")
      #expect(first.createdAt == first.updatedAt)
      #expect(try await harness.memories.list() == [third, second, first])
      let edited = try await harness.memories.edit(id: first.id, text: "Likes green tea")
      #expect(edited.text == "Likes green tea" && edited.updatedAt > first.updatedAt)
      #expect(edited.createdAt == first.createdAt && edited.source == .user)
      try await harness.memories.delete(id: second.id)
      try await harness.memories.delete(id: second.id)
      #expect(try await harness.memories.list() == [third, edited])
      await expectStorageError(.notFound("memory")) {
        _ = try await harness.memories.edit(id: second.id, text: "x")
      }
      await expectStorageError(.invalidInput("A memory cannot be empty.")) {
        _ = try await harness.memories.add(text: "  ", source: .user)
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func usageCountsPerDayAndInTotal(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      #expect(
        try await harness.usage.counts(dayKey: "2026-06-01")
          == UsageCounts(dayKey: "2026-06-01", messagesOnDay: 0, lifetimeMessages: 0))
      _ = try await harness.usage.recordMessageSent(dayKey: "2026-06-01")
      let second = try await harness.usage.recordMessageSent(dayKey: "2026-06-01")
      #expect(second == UsageCounts(dayKey: "2026-06-01", messagesOnDay: 2, lifetimeMessages: 2))
      let nextDay = try await harness.usage.recordMessageSent(dayKey: "2026-06-02")
      #expect(nextDay == UsageCounts(dayKey: "2026-06-02", messagesOnDay: 1, lifetimeMessages: 3))
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").messagesOnDay == 2)
      await expectStorageError(.invalidInput("A usage day key cannot be empty.")) {
        _ = try await harness.usage.recordMessageSent(dayKey: " ")
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func concurrentIncrementsAreNeverLost(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let usage = harness.usage
      let results = try await withThrowingTaskGroup(of: UsageCounts.self) { group in
        for index in 0..<40 {
          group.addTask { try await usage.recordMessageSent(dayKey: "day-\(index % 2)") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      // Every increment saw a distinct total: none was lost or double counted.
      #expect(Set(results.map(\.lifetimeMessages)) == Set(1...40))
      #expect(try await usage.counts(dayKey: "day-0").messagesOnDay == 20)
      #expect(try await usage.counts(dayKey: "day-1").lifetimeMessages == 40)
    }
  }
}
