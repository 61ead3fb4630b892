import Core

/// A waiting indicator drawn on one line until the first token of a reply arrives.
public struct Spinner: Hashable, Sendable {
  /// Braille frames for UTF-8 terminals.
  public static let unicodeFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// Frames for terminals without UTF-8.
  public static let asciiFrames = ["|", "/", "-", "\\"]
  /// How long each frame shows.
  public static let interval = Duration.milliseconds(80)

  /// The frames in order.
  public let frames: [String]
  /// The text after the frame.
  public var label: String
  /// The style of the frame.
  public var style: TextStyle
  /// The style of the label.
  public var labelStyle: TextStyle

  /// A spinner with frames that suit the capabilities, in the theme's spinner style.
  public init(
    label: String, capabilities: TerminalCapabilities, theme: TerminalTheme = .standard
  ) {
    frames = capabilities.supportsUnicode ? Self.unicodeFrames : Self.asciiFrames
    self.label = label
    style = theme.spinner
    labelStyle = theme.dim
  }

  /// The frame for a tick; ticks wrap around.
  public func frame(at tick: Int) -> String {
    let count = frames.count
    return frames[((tick % count) + count) % count]
  }

  /// The spinner's line at a tick.
  public func line(at tick: Int) -> StyledText {
    var line = StyledText(frame(at: tick), style: style)
    if !label.isEmpty {
      line.append(" ")
      line.append(label, style: labelStyle)
    }
    return line
  }

  /// Draws the spinner over the current line: what to write for a tick.
  public func draw(tick: Int, depth: TerminalCapabilities.ColorDepth) -> String {
    ANSI.carriageReturn + line(at: tick).rendered(depth: depth) + ANSI.clearToEndOfLine
  }

  /// Erases the spinner's line and leaves the cursor at its start.
  public static let erase = ANSI.carriageReturn + ANSI.clearLine

  /// Counts ticks at `interval` on `clock` until the stream is dropped: 0 at once, then one
  /// more after each interval. Tests drive it with a manual clock.
  public static func ticks(clock: AppClock, interval: Duration = interval) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      var tick = 0
      while !Task.isCancelled {
        continuation.yield(tick)
        do {
          try await clock.sleep(interval)
        } catch {
          break
        }
        tick += 1
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
