extension L10n.Terminal {
  /// "(not present)".
  package static var configNotPresent: String { text(.configNotPresent) }
  /// "(set, %lld characters)".
  package static func configSecretSet(_ count: Int) -> String {
    Self.text(.configSecretSet, [.integer(count)])
  }
  /// "mock (development build; set AUTH_BYPASS=0 for real accounts)".
  package static var configMockAccounts: String { text(.configMockAccounts) }
  /// "mock subscriptions (development build)".
  package static var configMockPayments: String { text(.configMockPayments) }
  /// "Supabase at %@".
  package static func configSupabaseAt(_ url: String) -> String {
    Self.text(.configSupabaseAt, [.text(url)])
  }
  /// "not configured (set SUPABASE_URL and SUPABASE_ANON_KEY)".
  package static var configAccountsMissing: String { text(.configAccountsMissing) }
  /// "RevenueCat (entitlement %@)".
  package static func configRevenueCat(_ entitlement: String) -> String {
    Self.text(.configRevenueCat, [.text(entitlement)])
  }
  /// "not configured (set REVENUECAT_API_KEY)".
  package static var configPaymentsMissing: String { text(.configPaymentsMissing) }
  /// "Accounts".
  package static var configAccounts: String { text(.configAccounts) }
  /// "Subscriptions".
  package static var configSubscriptions: String { text(.configSubscriptions) }
  /// "Free messages".
  package static var configFreeMessages: String { text(.configFreeMessages) }
  /// "Files:".
  package static var configFiles: String { text(.configFiles) }
  /// "Values:".
  package static var configValues: String { text(.configValues) }
  /// "(none set; kiln uses the echo model)".
  package static var configNoneSet: String { text(.configNoneSet) }
  /// "(hidden)".
  package static var configHidden: String { text(.configHidden) }
  /// "[%@, ignored]".
  package static func configIgnored(_ status: String) -> String {
    Self.text(.configIgnored, [.text(status)])
  }
  /// "empty".
  package static var configStatusEmpty: String { text(.configStatusEmpty) }
  /// "placeholder".
  package static var configStatusPlaceholder: String { text(.configStatusPlaceholder) }
  /// "(from %@)".
  package static func configFrom(_ origin: String) -> String {
    Self.text(.configFrom, [.text(origin)])
  }
  /// "Warnings:".
  package static var configWarnings: String { text(.configWarnings) }
  /// "AI client".
  package static var configAIClient: String { text(.configAIClient) }
  /// "Endpoint".
  package static var configEndpoint: String { text(.configEndpoint) }
  /// "Model".
  package static var configModel: String { text(.configModel) }
  /// "Sign-in token".
  package static var configSignInToken: String { text(.configSignInToken) }
  /// "API key".
  package static var configAPIKey: String { text(.configAPIKey) }
  /// "Extra headers".
  package static var configExtraHeaders: String { text(.configExtraHeaders) }
  /// "Why".
  package static var configWhy: String { text(.configWhy) }
  /// "Models".
  package static var configModels: String { text(.configModels) }
  /// "proxy default".
  package static var configProxyDefault: String { text(.configProxyDefault) }
  /// "server default".
  package static var configServerDefault: String { text(.configServerDefault) }
  /// "sent as a bearer token".
  package static var configBearerToken: String { text(.configBearerToken) }
  /// "not set".
  package static var configNotSet: String { text(.configNotSet) }
  /// "set".
  package static var configSet: String { text(.configSet) }
  /// "none".
  package static var configNone: String { text(.configNone) }
  /// "none listed".
  package static var configNoneListed: String { text(.configNoneListed) }
  /// "configuration".
  package static var doctorConfiguration: String { text(.doctorConfiguration) }
  /// "database".
  package static var doctorDatabase: String { text(.doctorDatabase) }
  /// "AI provider".
  package static var doctorProvider: String { text(.doctorProvider) }
  /// "model".
  package static var doctorModel: String { text(.doctorModel) }
  /// "streams".
  package static var doctorStreams: String { text(.doctorStreams) }
  /// "FAIL".
  package static var doctorFail: String { text(.doctorFail) }
  /// "valid".
  package static var doctorValid: String { text(.doctorValid) }
  /// "valid, %lld warning(s): %@".
  package static func doctorValidWithWarnings(_ count: Int, _ warnings: String) -> String {
    Self.text(.doctorValidWithWarnings, [.integer(count), .text(warnings)])
  }
  /// "%@ is damaged: SQLite's quick check found %lld problem(s), the first: %@. Move it as…".
  package static func doctorDatabaseDamaged(_ path: String, _ count: Int, _ first: String) -> String
  {
    Self.text(.doctorDatabaseDamaged, [.text(path), .integer(count), .text(first)])
  }
  /// "%@: %lld conversation(s), readable and writable, quick check passed".
  package static func doctorDatabaseHealthy(_ path: String, _ count: Int) -> String {
    Self.text(.doctorDatabaseHealthy, [.text(path), .integer(count)])
  }
  /// "%@ is damaged: SQLite's quick check could not read it. Move it aside with its -wal a…".
  package static func doctorDatabaseUnreadable(_ path: String) -> String {
    Self.text(.doctorDatabaseUnreadable, [.text(path)])
  }
  /// "echo model (no provider configured)".
  package static var doctorEcho: String { text(.doctorEcho) }
  /// "%@ answered %lld".
  package static func doctorAnswered(_ place: String, _ status: Int) -> String {
    Self.text(.doctorAnswered, [.text(place), .integer(status)])
  }
  /// "%@ is reachable (answered %lld)".
  package static func doctorReachable(_ place: String, _ status: Int) -> String {
    Self.text(.doctorReachable, [.text(place), .integer(status)])
  }
  /// "%@ answered %lld with %lld model(s)".
  package static func doctorListed(_ place: String, _ status: Int, _ count: Int) -> String {
    Self.text(.doctorListed, [.text(place), .integer(status), .integer(count)])
  }
  /// "a %@ document".
  package static func doctorDocumentOfType(_ type: String) -> String {
    Self.text(.doctorDocumentOfType, [.text(type)])
  }
  /// "a document".
  package static var doctorDocument: String { text(.doctorDocument) }
  /// "%@ answered %lld with %@ that is not a model list (JSON with a "data" array): check…".
  package static func doctorNotAList(_ place: String, _ status: Int, _ what: String) -> String {
    Self.text(.doctorNotAList, [.text(place), .integer(status), .text(what)])
  }
  /// "%@ refused the API key (%lld)".
  package static func doctorKeyRefused(_ place: String, _ status: Int) -> String {
    Self.text(.doctorKeyRefused, [.text(place), .integer(status)])
  }
  /// "%@ answered %lld to GET %@".
  package static func doctorAnsweredGet(_ place: String, _ status: Int, _ path: String) -> String {
    Self.text(.doctorAnsweredGet, [.text(place), .integer(status), .text(path)])
  }
  /// "none configured: the provider's default".
  package static var doctorNoModel: String { text(.doctorNoModel) }
  /// "%@ (the provider lists no models, so it could not be checked)".
  package static func doctorModelUnchecked(_ model: String) -> String {
    Self.text(.doctorModelUnchecked, [.text(model)])
  }
  /// "%@ is one of the provider's models".
  package static func doctorModelListed(_ model: String) -> String {
    Self.text(.doctorModelListed, [.text(model)])
  }
  /// "%@ is not among the provider's %lld model(s) (%@): set %@ to one of them, or pick on…".
  package static func doctorModelMissing(
    _ model: String, _ count: Int, _ examples: String, _ key: String
  ) -> String {
    Self.text(.doctorModelMissing, [.text(model), .integer(count), .text(examples), .text(key)])
  }
  /// "environment".
  package static var configOriginEnvironment: String { text(.configOriginEnvironment) }
  /// "command line".
  package static var configOriginCommandLine: String { text(.configOriginCommandLine) }
}
