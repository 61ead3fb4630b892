import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Random bytes handed out 16 at a time from a buffer the system fills 256 bytes per call
/// (`getentropy`), so a request identifier costs no system call of its own. Callers on
/// any thread share it; the lock is held only to copy 16 bytes (and, once in 16 takes, to
/// refill).
final class RandomBytePool: Sendable {
  private static let size = 256
  private let state = Mutex<(bytes: [UInt8], offset: Int)>(([], 256))

  /// The next 16 random bytes.
  func take16() -> [UInt8] {
    state.withLock { state in
      if state.offset + 16 > Self.size {
        state.bytes = Self.fresh()
        state.offset = 0
      }
      defer { state.offset += 16 }
      return Array(state.bytes[state.offset..<state.offset + 16])
    }
  }

  /// 256 bytes from the system: `getentropy` on Linux, the standard generator where it is
  /// missing or fails.
  private static func fresh() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: size)
    #if canImport(Glibc)
      let filled = bytes.withUnsafeMutableBytes { getentropy($0.baseAddress, size) } == 0
    #else
      let filled = false
    #endif
    if !filled {
      var generator = SystemRandomNumberGenerator()
      for index in stride(from: 0, to: size, by: 8) {
        withUnsafeBytes(of: generator.next()) { word in
          for offset in 0..<8 { bytes[index + offset] = word[offset] }
        }
      }
    }
    return bytes
  }
}
