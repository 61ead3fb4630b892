/// What the lines of an event stream update, following the WHATWG "Interpreting an event
/// stream" rules: the buffers of the block being read, and the values that outlive blocks.
struct ServerSentEventFieldBuffers: Sendable {
  /// Buffers larger than this are released after use instead of kept for the next line.
  static let retainedCapacityLimit = 1 << 20
  /// Lines longer than this that arrive in an array of their own become the data buffer
  /// rather than being copied into it.
  static let adoptionThreshold = 1 << 16

  private static let colon: UInt8 = 0x3A
  private static let space: UInt8 = 0x20

  /// The data buffer as raw bytes from `dataStart` on: each `data` value followed by LF.
  /// Decoded once, at dispatch, which equals decoding each value on its own because LF
  /// ends any UTF-8 sequence.
  private(set) var data: [UInt8] = []
  /// Where the data buffer starts in `data`: past the field name when a long line's own
  /// storage was adopted as the data buffer instead of being copied.
  private(set) var dataStart = 0
  /// The event type buffer.
  private(set) var eventType = ""
  /// The last event ID buffer: set by `id` fields and never reset by a dispatch.
  private(set) var lastEventIDBuffer = ""
  /// The reconnection time set by a `retry` field of the block being read.
  private(set) var blockRetry: Int?
  /// Whether the block being read has a `data`, `event`, `id` or `retry` line.
  private(set) var blockHasFields = false
  /// The event source's last event ID string, set from the buffer at every blank line.
  private(set) var lastEventID = ""
  /// The stream's reconnection time from its latest valid `retry` field.
  private(set) var reconnectionTime: Int?
  /// The largest data buffer one event may reach, in bytes.
  let maximumEventBytes: Int
  /// Set when a `data` line would have grown the data buffer past `maximumEventBytes`; the
  /// line was not added.
  private(set) var limitExceeded: ServerSentEventLimitError?

  /// Empty buffers that hold at most `maximumEventBytes` of event data.
  init(maximumEventBytes: Int) {
    self.maximumEventBytes = maximumEventBytes
  }

  /// Interprets one complete line (without its line end), appending the event it
  /// dispatches, if any, to `events`.
  mutating func interpret(line: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
    guard !line.isEmpty else {
      dispatch(into: &events)
      return
    }
    guard let (nameEnd, valueStart) = Self.split(line) else { return }
    process(
      name: UnsafeBufferPointer(rebasing: line[..<nameEnd]),
      value: UnsafeBufferPointer(rebasing: line[valueStart...]))
  }

  /// Interprets one complete line held in an array of its own, which may be taken over
  /// (and left empty) instead of copied: a long `data` line that spanned many chunks
  /// becomes the data buffer in place.
  mutating func interpret(ownedLine line: inout [UInt8], into events: inout [ServerSentEvent]) {
    if data.isEmpty, line.count > Self.adoptionThreshold, line.count < maximumEventBytes,
      let (nameEnd, valueStart) = line.withUnsafeBufferPointer(Self.split),
      line.withUnsafeBufferPointer({
        Self.name(UnsafeBufferPointer(rebasing: $0[..<nameEnd]), is: "data")
      })
    {
      swap(&data, &line)
      dataStart = valueStart
      data.append(ServerSentEventLineScanner.lineFeed)
      blockHasFields = true
      return
    }
    line.withUnsafeBufferPointer { interpret(line: $0, into: &events) }
  }

  /// Forgets the block being read, as the end of a stream requires. The last event ID
  /// buffer goes back to the last dispatched value, so an `id` in the discarded block is
  /// dropped with it.
  mutating func discardBlock() {
    limitExceeded = nil
    data = []
    dataStart = 0
    eventType = ""
    blockRetry = nil
    blockHasFields = false
    lastEventIDBuffer = lastEventID
  }

  /// Empties `bytes`, keeping its storage for the next use unless it grew unusually large.
  static func clear(_ bytes: inout [UInt8]) {
    if bytes.capacity > retainedCapacityLimit {
      bytes = []
    } else {
      bytes.removeAll(keepingCapacity: true)
    }
  }

  /// Applies one field; names are compared byte for byte, so case matters.
  private mutating func process(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)
  {
    if Self.name(name, is: "data") {
      guard data.count - dataStart <= maximumEventBytes - 1 - value.count else {
        limitExceeded = .eventTooLarge(limit: maximumEventBytes)
        return
      }
      data.append(contentsOf: value)
      data.append(ServerSentEventLineScanner.lineFeed)
    } else if Self.name(name, is: "event") {
      eventType = String(decoding: value, as: UTF8.self)
    } else if Self.name(name, is: "id") {
      // NULL is a single byte in UTF-8, and replacement never produces it.
      guard !value.contains(0) else { return }
      lastEventIDBuffer = String(decoding: value, as: UTF8.self)
    } else if Self.name(name, is: "retry") {
      guard let milliseconds = Self.decimalDigits(value) else { return }
      blockRetry = milliseconds
      reconnectionTime = milliseconds
    } else {
      return
    }
    blockHasFields = true
  }

  /// The "dispatch the event" steps, run for every blank line.
  private mutating func dispatch(into events: inout [ServerSentEvent]) {
    lastEventID = lastEventIDBuffer
    defer {
      eventType = ""
      blockRetry = nil
      blockHasFields = false
    }
    guard data.count > dataStart else { return }
    let text = data.withUnsafeBufferPointer { bytes in
      String(
        decoding: UnsafeBufferPointer(rebasing: bytes[dataStart..<(bytes.count - 1)]), as: UTF8.self
      )
    }
    Self.clear(&data)
    dataStart = 0
    events.append(
      ServerSentEvent(
        type: eventType.isEmpty ? ServerSentEvent.defaultType : eventType,
        data: text,
        lastEventID: lastEventID,
        retry: blockRetry))
  }

  /// The end of the field name and the start of the value of a non-empty `line`, or `nil`
  /// for a comment. Without a colon the whole line is the name and the value is empty;
  /// otherwise one space after the colon is not part of the value.
  private static func split(_ line: UnsafeBufferPointer<UInt8>) -> (nameEnd: Int, valueStart: Int)?
  {
    guard let colonIndex = line.firstIndex(of: colon) else { return (line.count, line.count) }
    guard colonIndex > 0 else { return nil }
    var valueStart = colonIndex + 1
    if valueStart < line.count, line[valueStart] == space { valueStart += 1 }
    return (colonIndex, valueStart)
  }

  /// Whether `name` is exactly the ASCII `field`.
  @inline(__always)
  private static func name(_ name: UnsafeBufferPointer<UInt8>, is field: StaticString) -> Bool {
    name.count == field.utf8CodeUnitCount
      && field.withUTF8Buffer { $0.elementsEqual(name) }
  }

  /// The base-ten value of `value` when it is one or more ASCII digits that fit in `Int`;
  /// `nil` otherwise (such a `retry` field is ignored).
  private static func decimalDigits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !value.isEmpty else { return nil }
    var result = 0
    for byte in value {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let (shifted, overflowed) = result.multipliedReportingOverflow(by: 10)
      let (sum, carried) = shifted.addingReportingOverflow(Int(byte &- 0x30))
      guard !overflowed, !carried else { return nil }
      result = sum
    }
    return result
  }
}
