extension L10n.Terminal {
  /// The checks strings of `L10n.Terminal`.
  package enum Checks {
    /// "(not present)".
    package static var configNotPresent: String { L10n.Terminal.text(.configNotPresent) }
    /// "(set, %lld characters)".
    package static func configSecretSet(_ count: Int) -> String {
      L10n.Terminal.text(.configSecretSet, [.integer(count)])
    }
    /// "mock (development build; set AUTH_BYPASS=0 for real accounts)".
    package static var configMockAccounts: String { L10n.Terminal.text(.configMockAccounts) }
    /// "mock subscriptions (development build)".
    package static var configMockPayments: String { L10n.Terminal.text(.configMockPayments) }
    /// "Supabase at %@".
    package static func configSupabaseAt(_ url: String) -> String {
      L10n.Terminal.text(.configSupabaseAt, [.text(url)])
    }
    /// "not configured (set SUPABASE_URL and SUPABASE_ANON_KEY)".
    package static var configAccountsMissing: String { L10n.Terminal.text(.configAccountsMissing) }
    /// "RevenueCat (entitlement %@)".
    package static func configRevenueCat(_ entitlement: String) -> String {
      L10n.Terminal.text(.configRevenueCat, [.text(entitlement)])
    }
    /// "not configured (set REVENUECAT_API_KEY)".
    package static var configPaymentsMissing: String { L10n.Terminal.text(.configPaymentsMissing) }
    /// "Accounts".
    package static var configAccounts: String { L10n.Terminal.text(.configAccounts) }
    /// "Subscriptions".
    package static var configSubscriptions: String { L10n.Terminal.text(.configSubscriptions) }
    /// "Free messages".
    package static var configFreeMessages: String { L10n.Terminal.text(.configFreeMessages) }
    /// "Files:".
    package static var configFiles: String { L10n.Terminal.text(.configFiles) }
    /// "Values:".
    package static var configValues: String { L10n.Terminal.text(.configValues) }
    /// "(none set; kiln uses the echo model)".
    package static var configNoneSet: String { L10n.Terminal.text(.configNoneSet) }
    /// "(hidden)".
    package static var configHidden: String { L10n.Terminal.text(.configHidden) }
    /// "[%@, ignored]".
    package static func configIgnored(_ status: String) -> String {
      L10n.Terminal.text(.configIgnored, [.text(status)])
    }
    /// "empty".
    package static var configStatusEmpty: String { L10n.Terminal.text(.configStatusEmpty) }
    /// "placeholder".
    package static var configStatusPlaceholder: String {
      L10n.Terminal.text(.configStatusPlaceholder)
    }
    /// "(from %@)".
    package static func configFrom(_ origin: String) -> String {
      L10n.Terminal.text(.configFrom, [.text(origin)])
    }
    /// "Warnings:".
    package static var configWarnings: String { L10n.Terminal.text(.configWarnings) }
    /// "AI client".
    package static var configAIClient: String { L10n.Terminal.text(.configAIClient) }
    /// "Endpoint".
    package static var configEndpoint: String { L10n.Terminal.text(.configEndpoint) }
    /// "Model".
    package static var configModel: String { L10n.Terminal.text(.configModel) }
    /// "Sign-in token".
    package static var configSignInToken: String { L10n.Terminal.text(.configSignInToken) }
    /// "API key".
    package static var configAPIKey: String { L10n.Terminal.text(.configAPIKey) }
    /// "Extra headers".
    package static var configExtraHeaders: String { L10n.Terminal.text(.configExtraHeaders) }
    /// "Why".
    package static var configWhy: String { L10n.Terminal.text(.configWhy) }
    /// "Models".
    package static var configModels: String { L10n.Terminal.text(.configModels) }
    /// "proxy default".
    package static var configProxyDefault: String { L10n.Terminal.text(.configProxyDefault) }
    /// "server default".
    package static var configServerDefault: String { L10n.Terminal.text(.configServerDefault) }
    /// "sent as a bearer token".
    package static var configBearerToken: String { L10n.Terminal.text(.configBearerToken) }
    /// "not set".
    package static var configNotSet: String { L10n.Terminal.text(.configNotSet) }
    /// "set".
    package static var configSet: String { L10n.Terminal.text(.configSet) }
    /// "none".
    package static var configNone: String { L10n.Terminal.text(.configNone) }
    /// "none listed".
    package static var configNoneListed: String { L10n.Terminal.text(.configNoneListed) }
    /// "configuration".
    package static var doctorConfiguration: String { L10n.Terminal.text(.doctorConfiguration) }
    /// "database".
    package static var doctorDatabase: String { L10n.Terminal.text(.doctorDatabase) }
    /// "AI provider".
    package static var doctorProvider: String { L10n.Terminal.text(.doctorProvider) }
    /// "model".
    package static var doctorModel: String { L10n.Terminal.text(.doctorModel) }
    /// "streams".
    package static var doctorStreams: String { L10n.Terminal.text(.doctorStreams) }
    /// "FAIL".
    package static var doctorFail: String { L10n.Terminal.text(.doctorFail) }
    /// "valid".
    package static var doctorValid: String { L10n.Terminal.text(.doctorValid) }
    /// "valid, %lld warning(s): %@".
    package static func doctorValidWithWarnings(_ count: Int, _ warnings: String) -> String {
      L10n.Terminal.text(.doctorValidWithWarnings, [.integer(count), .text(warnings)])
    }
    /// "%@ is damaged: SQLite's quick check found %lld problem(s), the first: %@. Move it as…".
    package static func doctorDatabaseDamaged(
      _ path: String, _ count: Int, _ first: String
    ) -> String {
      L10n.Terminal.text(.doctorDatabaseDamaged, [.text(path), .integer(count), .text(first)])
    }
    /// "%@: %lld conversation(s), readable and writable, quick check passed".
    package static func doctorDatabaseHealthy(_ path: String, _ count: Int) -> String {
      L10n.Terminal.text(.doctorDatabaseHealthy, [.text(path), .integer(count)])
    }
    /// "%@ is damaged: SQLite's quick check could not read it. Move it aside with its -wal a…".
    package static func doctorDatabaseUnreadable(_ path: String) -> String {
      L10n.Terminal.text(.doctorDatabaseUnreadable, [.text(path)])
    }
    /// "echo model (no provider configured)".
    package static var doctorEcho: String { L10n.Terminal.text(.doctorEcho) }
    /// "%@ answered %lld".
    package static func doctorAnswered(_ place: String, _ status: Int) -> String {
      L10n.Terminal.text(.doctorAnswered, [.text(place), .integer(status)])
    }
    /// "%@ is reachable (answered %lld)".
    package static func doctorReachable(_ place: String, _ status: Int) -> String {
      L10n.Terminal.text(.doctorReachable, [.text(place), .integer(status)])
    }
    /// "%@ answered %lld with %lld model(s)".
    package static func doctorListed(_ place: String, _ status: Int, _ count: Int) -> String {
      L10n.Terminal.text(.doctorListed, [.text(place), .integer(status), .integer(count)])
    }
    /// "a %@ document".
    package static func doctorDocumentOfType(_ type: String) -> String {
      L10n.Terminal.text(.doctorDocumentOfType, [.text(type)])
    }
    /// "a document".
    package static var doctorDocument: String { L10n.Terminal.text(.doctorDocument) }
    /// "%@ answered %lld with %@ that is not a model list (JSON with a "data" array): check…".
    package static func doctorNotAList(_ place: String, _ status: Int, _ what: String) -> String {
      L10n.Terminal.text(.doctorNotAList, [.text(place), .integer(status), .text(what)])
    }
    /// "%@ refused the API key (%lld)".
    package static func doctorKeyRefused(_ place: String, _ status: Int) -> String {
      L10n.Terminal.text(.doctorKeyRefused, [.text(place), .integer(status)])
    }
    /// "%@ answered %lld to GET %@".
    package static func doctorAnsweredGet(_ place: String, _ status: Int, _ path: String) -> String
    {
      L10n.Terminal.text(.doctorAnsweredGet, [.text(place), .integer(status), .text(path)])
    }
    /// "none configured: the provider's default".
    package static var doctorNoModel: String { L10n.Terminal.text(.doctorNoModel) }
    /// "%@ (the provider lists no models, so it could not be checked)".
    package static func doctorModelUnchecked(_ model: String) -> String {
      L10n.Terminal.text(.doctorModelUnchecked, [.text(model)])
    }
    /// "%@ is one of the provider's models".
    package static func doctorModelListed(_ model: String) -> String {
      L10n.Terminal.text(.doctorModelListed, [.text(model)])
    }
    /// "%@ is not among the provider's %lld model(s) (%@): set %@ to one of them, or pick on…".
    package static func doctorModelMissing(
      _ model: String, _ count: Int, _ examples: String, _ key: String
    ) -> String {
      L10n.Terminal.text(
        .doctorModelMissing, [.text(model), .integer(count), .text(examples), .text(key)])
    }
    /// "environment".
    package static var configOriginEnvironment: String {
      L10n.Terminal.text(.configOriginEnvironment)
    }
    /// "command line".
    package static var configOriginCommandLine: String {
      L10n.Terminal.text(.configOriginCommandLine)
    }
  }
}
