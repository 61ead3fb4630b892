import Core
import Foundation
import TestSupport
import Testing

@MainActor
@Suite struct DeepLinkBusTests {
  @Test func linksArrivingBeforeAHandlerAreQueuedThenFlushedInOrder() {
    let bus = DeepLinkBus()
    bus.post(.settings)
    bus.post(.conversation(Fixture.uuid(1)))
    #expect(bus.pending == [.settings, .conversation(Fixture.uuid(1))])
    #expect(bus.latest == .conversation(Fixture.uuid(1)))

    var delivered: [DeepLink] = []
    bus.attach { delivered.append($0) }
    #expect(delivered == [.settings, .conversation(Fixture.uuid(1))])
    #expect(bus.pending.isEmpty)
  }

  @Test func linksAfterAttachGoStraightToTheHandler() {
    let bus = DeepLinkBus()
    var delivered: [DeepLink] = []
    bus.attach { delivered.append($0) }
    bus.post(.paywall)
    #expect(delivered == [.paywall])
    #expect(bus.pending.isEmpty)
    #expect(bus.latest == .paywall)
  }

  @Test func detachQueuesAgainUntilTheNextAttach() {
    let bus = DeepLinkBus()
    var first: [DeepLink] = []
    bus.attach { first.append($0) }
    bus.detach()
    bus.post(.newConversation)
    #expect(first.isEmpty)
    var second: [DeepLink] = []
    bus.attach { second.append($0) }
    #expect(second == [.newConversation])
  }

  @Test(arguments: [
    ("kiln://chat/00000000-0000-0000-0000-000000000005", DeepLink.conversation(Fixture.uuid(5))),
    ("kiln://chat/new", DeepLink.newConversation),
    ("kiln://settings", DeepLink.settings),
    ("kiln://paywall", DeepLink.paywall),
    (
      "https://kiln.example/chat/00000000-0000-0000-0000-000000000005",
      DeepLink.conversation(Fixture.uuid(5))
    ),
    ("https://kiln.example/upgrade", DeepLink.paywall),
  ])
  func urlsParse(text: String, expected: DeepLink) throws {
    let url = try #require(URL(string: text))
    #expect(DeepLink(url: url) == expected)
  }

  @Test(arguments: [
    "kiln://chat/not-a-uuid", "kiln://unknown", "ftp://kiln.example/settings", "kiln://",
  ])
  func unknownURLsAreRejected(text: String) throws {
    let url = try #require(URL(string: text))
    #expect(DeepLink(url: url) == nil)
  }

  @Test func canonicalURLsRoundTrip() {
    for link in [DeepLink.conversation(Fixture.uuid(9)), .newConversation, .settings, .paywall] {
      #expect(DeepLink(url: link.url) == link)
    }
  }
}
