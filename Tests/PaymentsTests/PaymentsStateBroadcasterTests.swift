import Foundation
import Payments
import TestSupport
import Testing

/// Replay to late subscribers, many subscribers, distinct values and clean termination.
@Suite struct PaymentsStateBroadcasterTests {
  let subscribed = PaymentsState(isSubscribed: true, activeEntitlementIDs: ["pro"])

  @Test func aLateSubscriberFirstReceivesTheCurrentState() async {
    let broadcaster = PaymentsStateBroadcaster()
    broadcaster.publish(subscribed)
    var late = broadcaster.stream().makeAsyncIterator()
    #expect(await late.next() == subscribed)
  }

  @Test func everySubscriberSeesReplayThenEachChangeInOrder() async {
    let broadcaster = PaymentsStateBroadcaster()
    var first = broadcaster.stream().makeAsyncIterator()
    var second = broadcaster.stream().makeAsyncIterator()
    #expect(broadcaster.subscriberCount == 2)
    broadcaster.publish(subscribed)
    broadcaster.publish(.free)
    for _ in 0..<2 {
      #expect(await first.next() == .free)
      #expect(await first.next() == subscribed)
      #expect(await first.next() == .free)
      swap(&first, &second)
    }
  }

  @Test func publishingAnEqualStateSendsNothing() async {
    let broadcaster = PaymentsStateBroadcaster()
    var iterator = broadcaster.stream().makeAsyncIterator()
    #expect(!broadcaster.publish(.free))
    #expect(broadcaster.publish(subscribed))
    #expect(!broadcaster.publish(subscribed))
    #expect(broadcaster.publish(.free))
    #expect(await iterator.next() == .free)
    #expect(await iterator.next() == subscribed)
    #expect(await iterator.next() == .free)
  }

  @Test func aSubscriberThatStopsListeningIsForgotten() async {
    let broadcaster = PaymentsStateBroadcaster()
    let stream = broadcaster.stream()
    let listener = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    #expect(broadcaster.subscriberCount == 1)
    listener.cancel()
    _ = await listener.value
    #expect(broadcaster.subscriberCount == 0)
  }

  @Test func streamsEndWhenTheBroadcasterIsReleased() async {
    var broadcaster: PaymentsStateBroadcaster? = PaymentsStateBroadcaster(initial: subscribed)
    let stream = broadcaster?.stream()
    broadcaster = nil
    var iterator = stream?.makeAsyncIterator()
    #expect(await iterator?.next() == subscribed)
    #expect(await iterator?.next() == nil)
  }

  @Test func manyConcurrentSubscribersAllGetReplayAndTheNextChange() async {
    let broadcaster = PaymentsStateBroadcaster()
    let streams = (0..<50).map { _ in broadcaster.stream() }
    broadcaster.publish(subscribed)
    let results = await withTaskGroup(of: [PaymentsState].self) { group in
      for stream in streams {
        group.addTask {
          var iterator = stream.makeAsyncIterator()
          var seen: [PaymentsState] = []
          for _ in 0..<2 { if let state = await iterator.next() { seen.append(state) } }
          return seen
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 50)
    #expect(results.allSatisfy { $0 == [.free, subscribed] })
  }
}
