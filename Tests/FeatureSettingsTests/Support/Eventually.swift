/// Yields (never sleeps) until `condition` holds, for state that arrives through a stream
/// another task reads. Returns whether it held within `maxTurns` scheduler turns, so a test
/// that never sees it fails instead of hanging.
@MainActor
func eventually(maxTurns: Int = 10_000, _ condition: @MainActor () async -> Bool) async -> Bool {
  for _ in 0..<maxTurns {
    if await condition() { return true }
    await Task.yield()
  }
  return await condition()
}
