import Foundation
import Synchronization

/// Appends one JSON object per record to a file (JSON Lines), for machines to read.
///
/// Each line is `{"ts":…,"level":…,"category":…,"subsystem":…,"message":…}`. The file is
/// created with owner-only permissions because even scrubbed logs describe what a person
/// did. A record that cannot be written is counted in `droppedRecordCount`, never thrown.
public final class JSONLinesFileLogSink: LogSink {
  private struct State {
    var handle: FileHandle?
    var dropped = 0
  }

  private struct Line: Encodable {
    let ts: String
    let level: String
    let category: String
    let subsystem: String
    let message: String
  }

  /// The file being written.
  public let url: URL
  private let state: Mutex<State>

  /// Opens (creating if needed, mode 0600) `url` for appending.
  /// - Throws: the file system's error when the file cannot be created or opened.
  public init(url: URL) throws {
    self.url = url
    let manager = FileManager.default
    try manager.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if !manager.fileExists(atPath: url.path) {
      guard
        manager.createFile(
          atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
      }
    }
    let handle = try FileHandle(forWritingTo: url)
    try handle.seekToEnd()
    self.state = Mutex(State(handle: handle))
  }

  deinit {
    state.withLock { state in
      try? state.handle?.close()
    }
  }

  /// How many records could not be written (disk full, file removed).
  public var droppedRecordCount: Int { state.withLock { $0.dropped } }

  public func write(_ record: LogRecord) {
    let line = Line(
      ts: LogTimestamp.string(from: record.date), level: record.level.description,
      category: record.category.rawValue, subsystem: record.subsystem, message: record.message)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard var data = try? encoder.encode(line) else {
      state.withLock { $0.dropped += 1 }
      return
    }
    data.append(0x0A)
    state.withLock { state in
      do {
        guard let handle = state.handle else { throw CocoaError(.fileWriteUnknown) }
        try handle.write(contentsOf: data)
      } catch {
        state.dropped += 1
      }
    }
  }
}
