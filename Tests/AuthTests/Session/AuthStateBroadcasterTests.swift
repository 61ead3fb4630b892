import Auth
import TestSupport
import Testing

@Suite struct AuthStateBroadcasterTests {
  @Test func aLateSubscriberGetsTheCurrentStateFirst() async {
    let broadcaster = AuthStateBroadcaster(initial: .unauthenticated)
    broadcaster.publish(.authenticated(Sessions.alice))
    var iterator = broadcaster.subscribe().makeAsyncIterator()
    #expect(await iterator.next() == .authenticated(Sessions.alice))
  }

  @Test func everySubscriberGetsEveryChangeInOrder() async {
    let broadcaster = AuthStateBroadcaster(initial: .unauthenticated)
    let first = StateRecorder(broadcaster.subscribe())
    let second = StateRecorder(broadcaster.subscribe())
    broadcaster.publish(.refreshing)
    broadcaster.publish(.authenticated(Sessions.alice))
    broadcaster.publish(.unauthenticated)
    let expected: [AuthState] = [
      .unauthenticated, .refreshing, .authenticated(Sessions.alice), .unauthenticated,
    ]
    #expect(await first.waitForCount(4))
    #expect(await second.waitForCount(4))
    #expect(first.all == expected)
    #expect(second.all == expected)
  }

  @Test func anUnchangedStateIsNotRepeated() {
    let broadcaster = AuthStateBroadcaster(initial: .authenticated(Sessions.alice))
    #expect(!broadcaster.publish(.authenticated(Sessions.alice)))
    #expect(broadcaster.publish(.authenticated(Sessions.bob)))
    #expect(broadcaster.current == .authenticated(Sessions.bob))
  }

  @Test func aSubscriberThatStopsIsForgotten() async {
    let broadcaster = AuthStateBroadcaster(initial: .unauthenticated)
    let task = Task {
      for await state in broadcaster.subscribe() where state == .refreshing { return }
    }
    #expect(await eventually { broadcaster.subscriberCount == 1 })
    broadcaster.publish(.refreshing)
    await task.value
    #expect(await eventually { broadcaster.subscriberCount == 0 })
  }

  @Test func finishAllEndsEveryStream() async {
    let broadcaster = AuthStateBroadcaster(initial: .unauthenticated)
    let stream = broadcaster.subscribe()
    broadcaster.finishAll()
    var received: [AuthState] = []
    for await state in stream { received.append(state) }
    #expect(received == [.unauthenticated])
  }
}
