import Synchronization

/// Typed access to every user-facing string, grouped by feature: `L10n.Chat.placeholder`,
/// `L10n.Payments.restorePurchases`, `L10n.Chat.messagesRemaining(3)`.
///
/// Accessors answer in the current language: the one set with `setLanguage(_:)` (English
/// until the composition root sets it), or the one a task chose with
/// `withLanguage(_:operation:)`. Each accessor is a computed lookup, so a language change
/// shows on the next read.
public enum L10n {
  /// The process-wide localizer.
  private static let shared = LocalizerSlot(Localizer(language: .english))

  /// A localizer chosen for the current task and its children; it wins over `shared`.
  @TaskLocal private static var scoped: Localizer?

  /// The localizer the accessors use right now.
  public static var current: Localizer {
    scoped ?? shared.localizer
  }

  /// The language the accessors answer in right now.
  public static var language: Language { current.language }

  /// Sets the app's language. The composition root calls this once at launch with the
  /// language it resolved, and again if the user picks another language in Settings.
  public static func setLanguage(_ language: Language) {
    setLocalizer(Localizer(language: language))
  }

  /// Replaces the process-wide localizer, e.g. with one over custom tables.
  public static func setLocalizer(_ localizer: Localizer) {
    shared.set(localizer)
  }

  /// Runs `operation` with the accessors answering in `language`, for this task only.
  /// Other tasks and the process-wide language are unaffected.
  public static func withLanguage<Result>(
    _ language: Language, operation: () throws -> Result
  ) rethrows -> Result {
    try withLocalizer(Localizer(language: language), operation: operation)
  }

  /// Runs `operation` with the accessors using `localizer`, for this task only.
  public static func withLocalizer<Result>(
    _ localizer: Localizer, operation: () throws -> Result
  ) rethrows -> Result {
    try $scoped.withValue(localizer, operation: operation)
  }

  /// Runs `operation` with the accessors answering in `language`, for this task and the
  /// child tasks it creates.
  public static func withLanguage<Result>(
    _ language: Language,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $scoped.withValue(Localizer(language: language), operation: operation)
  }

  /// Checks that every bundled language table loads; call it at launch to log a
  /// packaging fault that would otherwise only show as untranslated text.
  /// - Throws: The first `StringTableError` found.
  public static func verifyBundledStrings() throws(StringTableError) {
    for language in Language.allCases {
      _ = try StringTable.bundled(language)
    }
  }
}

/// Holds a localizer that any thread may read or replace. A lock, not an actor, because
/// strings are read synchronously from view code on any thread.
final class LocalizerSlot: Sendable {
  private let value: Mutex<Localizer>

  init(_ localizer: Localizer) {
    value = Mutex(localizer)
  }

  /// The localizer now.
  var localizer: Localizer { value.withLock { $0 } }

  /// Replaces the localizer; readers see the new one from their next read.
  func set(_ localizer: Localizer) {
    value.withLock { $0 = localizer }
  }
}
