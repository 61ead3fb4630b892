/// What the output terminal can show, decided once from facts the caller passes in.
///
/// The library never reads the process environment or asks whether a descriptor is a
/// terminal by itself: the executable passes its environment and the answer of
/// `Terminal.isTerminal(_:)`, so every rule here is testable.
public struct TerminalCapabilities: Hashable, Sendable {
  /// How many colours escape codes may use.
  public enum ColorDepth: Int, Comparable, Sendable {
    /// No escape codes for styling at all.
    case none
    /// The 16 basic colours (the Linux console).
    case ansi16
    /// The xterm 256-colour palette.
    case ansi256
    /// 24-bit colour.
    case trueColor

    /// Orders depths from none to 24-bit.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
  }

  /// Whether the output is an interactive terminal that understands cursor movement, so a
  /// streaming reply can redraw its last block and the line editor can work.
  public var isInteractive: Bool
  /// The colour depth for styling; `.none` means no SGR codes at all (plain text layout).
  public var colorDepth: ColorDepth
  /// Whether non-ASCII glyphs (bullets, box lines, braille spinner) may be used.
  public var supportsUnicode: Bool

  /// Capabilities from their parts.
  public init(isInteractive: Bool, colorDepth: ColorDepth, supportsUnicode: Bool) {
    self.isInteractive = isInteractive
    self.colorDepth = colorDepth
    self.supportsUnicode = supportsUnicode
  }

  /// Whether styles are drawn at all. When false, renderers use their plain-text layout.
  public var usesStyles: Bool { colorDepth != .none }

  /// Plain output for pipes and files: no escape codes, Unicode glyphs allowed.
  public static let plain = TerminalCapabilities(
    isInteractive: false, colorDepth: .none, supportsUnicode: true)

  /// Plain ASCII output: no escape codes and no non-ASCII glyphs.
  public static let ascii = TerminalCapabilities(
    isInteractive: false, colorDepth: .none, supportsUnicode: false)

  /// Decides the capabilities from the environment and whether the output is a terminal.
  ///
  /// - Not a terminal: no escape codes at all.
  /// - `TERM=dumb`: no escape codes and no cursor movement.
  /// - `NO_COLOR` set to anything non-empty: no styling escape codes (cursor movement stays,
  ///   so the editor and live redraw still work).
  /// - Otherwise `COLORTERM=truecolor|24bit` (or a known 24-bit terminal program) gives
  ///   24-bit colour, `TERM=linux` 16 colours, and anything else 256 colours.
  /// - Unicode glyphs when the first set of `LC_ALL`, `LC_CTYPE`, `LANG` names UTF-8.
  public static func detect(
    environment: [String: String], outputIsTerminal: Bool
  )
    -> TerminalCapabilities
  {
    let unicode = localeIsUTF8(environment)
    let term = environment["TERM"] ?? ""
    guard outputIsTerminal, term != "dumb" else {
      return TerminalCapabilities(isInteractive: false, colorDepth: .none, supportsUnicode: unicode)
    }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return TerminalCapabilities(isInteractive: true, colorDepth: .none, supportsUnicode: unicode)
    }
    return TerminalCapabilities(
      isInteractive: true, colorDepth: colorDepth(environment, term: term),
      supportsUnicode: unicode)
  }

  static func colorDepth(_ environment: [String: String], term: String) -> ColorDepth {
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    let trueColorPrograms: Set<String> = ["iTerm.app", "WezTerm", "vscode", "ghostty"]
    if let program = environment["TERM_PROGRAM"], trueColorPrograms.contains(program) {
      return .trueColor
    }
    if term == "linux" || term == "vt100" || term == "vt220" { return .ansi16 }
    return .ansi256
  }

  static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      let lowered = value.lowercased()
      return lowered.contains("utf-8") || lowered.contains("utf8")
    }
    return false
  }
}
