import Core
import Testing

@MainActor
@Suite struct ThemeManagerTests {
  @Test func startsWithSystemWhenNothingIsStored() {
    #expect(ThemeManager(store: InMemoryKeyValueStore()).selected == .system)
  }

  @Test func unknownStoredValueFallsBackToSystem() {
    let store = InMemoryKeyValueStore([ThemeManager.storageKey: "neon"])
    #expect(ThemeManager(store: store).selected == .system)
  }

  @Test func choicePersistsAcrossInstances() {
    let store = InMemoryKeyValueStore()
    ThemeManager(store: store).selected = .obsidian
    #expect(store.string(forKey: ThemeManager.storageKey) == "obsidian")
    #expect(ThemeManager(store: store).selected == .obsidian)
  }

  @Test func subscribersGetTheCurrentThemeThenEveryChange() async {
    let manager = ThemeManager(store: InMemoryKeyValueStore())
    var iterator = manager.changes().makeAsyncIterator()
    #expect(await iterator.next() == .system)
    manager.selected = .aurora
    manager.selected = .aurora
    manager.selected = .dark
    #expect(await iterator.next() == .aurora)
    #expect(await iterator.next() == .dark)
  }

  @Test func everySubscriberIsNotified() async {
    let manager = ThemeManager(store: InMemoryKeyValueStore())
    var first = manager.changes().makeAsyncIterator()
    var second = manager.changes().makeAsyncIterator()
    manager.selected = .light
    #expect(await first.next() == .system)
    #expect(await first.next() == .light)
    #expect(await second.next() == .system)
    #expect(await second.next() == .light)
  }

  @Test func premiumThemesAreAuroraAndObsidian() {
    #expect(Theme.allCases.filter(\.isPremium) == [.aurora, .obsidian])
    #expect(Theme.aurora.appearance == .light)
    #expect(Theme.obsidian.appearance == .dark)
    #expect(Theme.system.appearance == .followSystem)
  }
}
