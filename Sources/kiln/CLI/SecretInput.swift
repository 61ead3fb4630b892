import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a password from the terminal without echoing it.
enum SecretInput {
  /// Prints `prompt` to standard error and reads one line from a terminal with echo off;
  /// `nil` at end of input. The terminal's settings are restored even when reading fails.
  static func readLine(prompt: String, console: Console) -> String? {
    console.error(prompt)
    var original = termios()
    let canHide = tcgetattr(STDIN_FILENO, &original) == 0
    if canHide {
      var hidden = original
      hidden.c_lflag &= ~tcflag_t(ECHO)
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
    }
    defer {
      if canHide {
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        console.error("\n")
      }
    }
    return console.readInputLine()
  }
}
