extension L10n {
  /// What `kiln sync` and `/sync` say: what a round moved, why sync is off, where it stands
  /// and the question about changes made while signed out or by another account.
  package enum Sync {
    package enum Key: String, LocalizationKey {
      package static let namespace = "sync"
      // `kiln sync`'s help.
      case summary, adoptOption, keepLocalOption, flagsConflict
      // What a round moved, and what was decided about foreign changes.
      case report, foreignWaiting, adopted, keptLocal
      // Why sync does not run.
      case disabled, notConfigured, mockAccounts, noJournal, signedOut
      // Why a round failed.
      case refused, unreachable, unauthorized, failed
      // `/sync`.
      case statusOn, statusOff, lastSuccess, never, pending, foreign, lastError, nextRound
      case roundRunning, noneScheduled, foreignPrompt, decideLater, helpSync
    }

    /// The current language's text for `key`, with `arguments` substituted.
    package static func text(_ key: Key, _ arguments: LocalizationArgument...) -> String {
      text(key, arguments)
    }

    /// The current language's text for `key`, with `arguments` substituted.
    package static func text(_ key: Key, _ arguments: [LocalizationArgument]) -> String {
      L10n.text(key, arguments)
    }
  }
}
