import Auth
import Core
import Synchronization
import Testing

@testable import AppComposition

/// A session keeper that records what the app asked of it.
private final class RecordingKeeper: SessionKeeping {
  private let calls = Mutex<[String]>([])

  var recorded: [String] { calls.withLock { $0 } }

  func start() async { calls.withLock { $0.append("start") } }
  func shutdown() async { calls.withLock { $0.append("shutdown") } }
}

/// The composition root starts and stops the auth client's session through the
/// `SessionKeeping` capability it was given, never by asking which client it holds.
@MainActor
@Suite struct SessionKeepingTests {
  @Test func anOnlineStartKeepsTheSessionAliveAndShutdownStopsIt() async {
    let keeper = RecordingKeeper()
    let dependencies = AppDependencies.preview(sessionKeeper: keeper)
    await dependencies.start(online: true, keepsSessionAlive: true)
    #expect(keeper.recorded == ["start"])
    await dependencies.shutdown()
    #expect(keeper.recorded == ["start", "shutdown"])
  }

  @Test func aShortOrOfflineRunStartsNoSessionButStillStopsOne() async {
    for (online, keepsAlive) in [(true, false), (false, true)] {
      let keeper = RecordingKeeper()
      let dependencies = AppDependencies.preview(sessionKeeper: keeper)
      await dependencies.start(online: online, keepsSessionAlive: keepsAlive)
      #expect(keeper.recorded.isEmpty, "online \(online), keeps alive \(keepsAlive)")
      await dependencies.shutdown()
      #expect(keeper.recorded == ["shutdown"])
    }
  }
}
