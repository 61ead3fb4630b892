extension L10n {
  /// What the composition root and `kiln doctor` say about the setup: configuration
  /// problems and their fixes, why a file could not be used, why the echo model answers,
  /// and what carries streamed replies.
  package enum Setup {
    package enum Key: String, LocalizationKey {
      package static let namespace = "setup"
      // A problem with a key: "%1$@: %2$@. Fix: %3$@."; its subject when no key is named.
      case issue, issueSubject
      // The validator's problems and fixes.
      case notHTTPURL, fixURL, notURLPath, fixPath, notBoolean, fixBoolean
      case notBinaryFlag, fixBinaryFlag, notPositiveInteger, fixPositiveInteger
      case notJSONObject, fixJSONObject, notOneOf, fixOneOf, missingPair, fixMissingPair
      case unknownKey, fixUnknownKeySuggestion, fixUnknownKey, plainHTTP, fixPlainHTTP
      case syncNeedsSupabase, fixSyncNeedsSupabase, fixProductCatalogue, fixAIValue
      // What AI finds wrong with its own settings.
      case aiNotJSON, aiNotHeaderObject, aiHeaderValueNotString, aiInvalidHeaderName
      case aiPathFormsNoURL, aiNotHTTPURL
      case modelEntryTooManyParts, modelEntryEmptyID, modelEntryContextWindow
      // What is wrong with a product catalogue entry.
      case catalogueShape, catalogueAmount, catalogueCurrency, catalogueRepeated
      case configFileUnreadable, fixConfigFileUnreadable
      // The data folder or database cannot be used: "%1$@. Fix: %2$@.", then each case.
      case dataIssue, dataFolderUnusable, fixDataFolder, databaseDamaged, fixDatabaseDamaged
      case databaseForeign, fixDatabaseForeign, databaseReadOnly, fixDatabaseReadOnly
      case databaseUnopenable, fixDatabaseUnopenable
      // Why a file operation failed.
      case fileMissing, filePermission, fileIsFolder, fileParentNotFolder, fileInTheWay
      case fileReadOnly, fileDiskFull, fileNotUTF8
      // Why no provider was chosen.
      case echoPlaceholder, echoNotHTTPURL, echoNothingSet
      // What carries streams.
      case streamsFlowControlled, streamsURLSession, streamsURLSessionBecause
    }

    /// The current language's text for `key`, with `arguments` (text) substituted.
    package static func text(_ key: Key, _ arguments: String...) -> String {
      L10n.text(key, arguments.map { .text($0) })
    }
  }
}
