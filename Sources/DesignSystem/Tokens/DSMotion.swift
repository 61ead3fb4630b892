import Foundation

/// A spring described the way SwiftUI's `.spring(response:dampingFraction:)` takes it.
public struct SpringToken: Hashable, Sendable {
  /// Seconds for one oscillation period (stiffness).
  public let response: Double
  /// 0 (bounces forever) to 1 (no overshoot).
  public let dampingFraction: Double

  /// Creates a spring.
  public init(response: Double, dampingFraction: Double) {
    self.response = response
    self.dampingFraction = dampingFraction
  }
}

/// An easing curve for timed animations.
public enum MotionCurve: String, CaseIterable, Sendable {
  /// Slow start and end: state changes.
  case easeInOut
  /// Fast start: things appearing.
  case easeOut
  /// Constant speed: progress and shimmer.
  case linear
}

/// One animation, as data.
public enum MotionToken: Hashable, Sendable {
  /// No animation: the change happens at once.
  case none
  /// A timed animation.
  case timed(duration: TimeInterval, curve: MotionCurve)
  /// A spring.
  case spring(SpringToken)

  /// Whether this token moves anything.
  public var isAnimated: Bool { self != .none }
}

/// Motion tokens (seed 003's `SAIMotion`) and their Reduce Motion variants.
///
/// Under Reduce Motion every movement becomes `.none` (the state changes at once), the
/// pressed effect keeps only its opacity change, and shimmer stops. `crossfade` is the one
/// animation allowed under Reduce Motion, for opacity-only changes.
public enum DSMotion {
  /// 0.12 s: micro-interactions (press, toggle).
  public static let quick: TimeInterval = 0.12
  /// 0.18 s: most state changes.
  public static let standard: TimeInterval = 0.18
  /// 0.25 s: larger transitions (sheets, cards).
  public static let smooth: TimeInterval = 0.25

  /// The default spring: response 0.3 s, damping 0.7.
  public static let spring = SpringToken(response: 0.3, dampingFraction: 0.7)
  /// A softer spring for large surfaces: response 0.5 s, damping 0.85 (Kiln's choice; the
  /// seed names it without values).
  public static let gentleSpring = SpringToken(response: 0.5, dampingFraction: 0.85)

  /// A quick opacity change, allowed under Reduce Motion.
  public static let crossfade = MotionToken.timed(duration: quick, curve: .easeInOut)

  /// The scale of a pressed control.
  public static let pressedScale: Double = 0.97
  /// The opacity of a pressed control (seed 002's 0.8).
  public static let pressedOpacity: Double = 0.8

  /// `token`, or `.none` when Reduce Motion is on.
  public static func adaptive(_ token: MotionToken, reduceMotion: Bool) -> MotionToken {
    reduceMotion ? .none : token
  }

  /// The standard timed animation, or none under Reduce Motion.
  public static func adaptiveStandard(reduceMotion: Bool) -> MotionToken {
    adaptive(.timed(duration: standard, curve: .easeInOut), reduceMotion: reduceMotion)
  }

  /// The default spring, or none under Reduce Motion.
  public static func adaptiveSpring(reduceMotion: Bool) -> MotionToken {
    adaptive(.spring(spring), reduceMotion: reduceMotion)
  }

  /// The pressed scale: 1 (no movement) under Reduce Motion.
  public static func pressedScale(reduceMotion: Bool) -> Double {
    reduceMotion ? 1 : pressedScale
  }

  /// Whether loading placeholders may shimmer.
  public static func shimmerEnabled(reduceMotion: Bool) -> Bool {
    !reduceMotion
  }
}
