#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds the line ends (CR or LF) of one chunk, in order, with `memchr`.
///
/// It remembers the next LF and the next CR it found, and searches again for one only once
/// the parser has passed it. Every byte is therefore examined at most once per kind of line
/// end, at `memchr` speed, however the lines are split; and a stream without CR costs one
/// search for CR per chunk.
struct ServerSentEventLineScanner {
  /// U+000A LINE FEED.
  static let lineFeed: UInt8 = 0x0A
  /// U+000D CARRIAGE RETURN.
  static let carriageReturn: UInt8 = 0x0D

  private let base: UnsafePointer<UInt8>
  private let count: Int
  /// The index of the next LF at or after the last search start, or `count` for none.
  private var nextLineFeed = -1
  /// The index of the next CR at or after the last search start, or `count` for none.
  private var nextCarriageReturn = -1

  /// A scanner over `base[0..<count]`.
  init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// The index of the first CR or LF at or after `start`, or `nil` when there is none.
  /// Successive calls must not move `start` backwards.
  @inline(__always)
  mutating func firstLineEnd(from start: Int) -> Int? {
    if nextLineFeed < start { nextLineFeed = find(Self.lineFeed, from: start) }
    if nextCarriageReturn < start { nextCarriageReturn = find(Self.carriageReturn, from: start) }
    let end = min(nextLineFeed, nextCarriageReturn)
    return end < count ? end : nil
  }

  /// The index of the first `byte` in `base[start..<count]`, or `count`.
  @inline(__always)
  private func find(_ byte: UInt8, from start: Int) -> Int {
    guard start < count, let found = memchr(base + start, Int32(byte), count - start) else {
      return count
    }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}
