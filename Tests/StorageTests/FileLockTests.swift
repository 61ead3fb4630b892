import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

@Suite struct FileLockTests {
  @Test func aSecondHolderWaitsUntilTheFirstReleasesAndMayWriteMeanwhile() async throws {
    try await withTemporaryDirectory { root in
      let store = FileSecureStore(directory: root.appendingPathComponent("secrets"))
      let first = try await store.lockRecord("auth_session")
      let order = Mutex<[String]>([])
      let second = Task {
        let held = try await store.lockRecord("auth_session")
        order.withLock { $0.append("second holds") }
        held.release()
      }
      // The holder may write the record it locked: the store's own lock is another file.
      try store.setString("renewed", for: "auth_session")
      await Task.megaYield(count: 200)
      order.withLock { $0.append("first releases") }
      first.release()
      try await second.value
      #expect(order.withLock { $0 } == ["first releases", "second holds"])
      #expect(try store.getString("auth_session") == "renewed")
      let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
      #expect(names.contains("auth_session.lock"))
    }
  }

  @Test func aLockFileThatCannotBeCreatedIsAnError() async throws {
    try await withTemporaryDirectory { root in
      let lock = FileLock(url: root.appendingPathComponent("missing/folder/x.lock"))
      await #expect(throws: StorageError.self) { _ = try await lock.acquire() }
    }
  }
}
