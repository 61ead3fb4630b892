import AppComposition
import Foundation
import Testing

@Suite struct ConfigurationTests {
  @Test func environmentOverridesTheFileAndOptionsOverrideBoth() throws {
    let file = try ConfigurationFile.parse(
      "KILN_MODEL = from-file\nPROXY_PATH = /file", path: "/c")
    let configuration = Configuration.merged(
      file: file, environment: ["KILN_MODEL": "from-env", "PATH": "/usr/bin"],
      overrides: ["PROXY_PATH": "/cli"])
    #expect(configuration.value(.model) == "from-env")
    #expect(configuration.value(.proxyPath) == "/cli")
    #expect(configuration.entry(.proxyPath)?.origin == .commandLine)
    #expect(configuration.entries["PATH"] == nil)
  }

  @Test(arguments: [
    "https://YOUR-PROJECT-REF.supabase.co/functions/v1", "https://placeholder.example",
    "YOUR_PUBLIC_ANON_KEY", "debug_mode_placeholder_key", "", "   ", "your-api-key",
    "https://your-project.supabase.co", "Your_Key_Here", "sk-...", "https://.../functions/v1",
    "sk-\u{2026}",
  ])
  func placeholdersAndBlanksCountAsUnset(value: String) {
    let configuration = Configuration(values: ["PROXY_BASE_URL": value])
    #expect(configuration.value(.proxyBaseURL) == nil)
    #expect(!configuration.isSet(.proxyBaseURL))
    #expect(ConfigurationValidator.issues(in: configuration).isEmpty)
  }

  @Test(arguments: [
    "sk-proj-0123456789abcdef", "https://yourtown.example/v1", "lm-studio", "https://x.dev/a.b",
  ])
  func realValuesAreNotPlaceholders(value: String) {
    #expect(!Configuration.isPlaceholder(value))
  }

  @Test func typedAccessors() {
    let configuration = Configuration(values: [
      "CHAT_SYNC_ENABLED": "TRUE", "KILN_FREE_MESSAGE_LIMIT": "20",
      "KILN_MODELS": " a, b ,,c ", "PROXY_BASE_URL": "https://x.example/v1",
    ])
    #expect(configuration.bool(.chatSyncEnabled) == true)
    #expect(configuration.positiveInteger(.freeMessageLimit) == 20)
    #expect(configuration.list(.models) == ["a", "b", "c"])
    #expect(configuration.url(.proxyBaseURL)?.host == "x.example")
  }

  @Test func usableValuesLeaveOutPlaceholders() {
    let configuration = Configuration(values: ["OPENAI_API_KEY": "YOUR_KEY", "KILN_MODEL": "m"])
    #expect(configuration.usableValues == ["KILN_MODEL": "m"])
  }
}

@Suite struct ConfigurationValidatorTests {
  private func issues(_ values: [String: String]) -> [ConfigurationIssue] {
    ConfigurationValidator.issues(in: Configuration(values: values))
  }

  @Test func aValidConfigurationHasNoIssues() {
    #expect(
      issues([
        "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1", "PROXY_PATH": "/ai",
        "PROXY_DEFAULT_HEADERS": #"{"X-Title":"Kiln"}"#, "AUTH_BYPASS": "0",
        "SUPABASE_URL": "https://abc.supabase.co", "SUPABASE_ANON_KEY": "anon",
        "CHAT_SYNC_ENABLED": "false", "KILN_LOG_LEVEL": "debug", "KILN_FREE_PERIOD": "day",
      ]).isEmpty)
  }

  @Test(arguments: [
    ("PROXY_BASE_URL", "ftp://host/x", "http or https URL"),
    ("PROXY_BASE_URL", "not a url", "http or https URL"),
    ("PROXY_PATH", "ai", "starting with '/'"),
    ("PROXY_DEFAULT_HEADERS", "{not json", "JSON object"),
    ("PROXY_DEFAULT_HEADERS", #"{"X-Count": 3}"#, "JSON object"),
    ("AUTH_BYPASS", "yes", "0 or 1"),
    ("CHAT_SYNC_ENABLED", "maybe", "true or false"),
    ("KILN_FREE_MESSAGE_LIMIT", "-1", "above zero"),
    ("KILN_LOG_LEVEL", "loud", "one of debug"),
  ])
  func malformedValuesNameTheKeyTheProblemAndTheFix(key: String, value: String, problem: String) {
    let found = issues([key: value])
    #expect(found.count == 1)
    let issue = found.first
    #expect(issue?.key == key)
    #expect(issue?.problem.contains(problem) == true, "\(String(describing: issue))")
    #expect(issue?.fix.isEmpty == false)
    #expect(issue?.description.hasPrefix("\(key) (environment): ") == true)
  }

  @Test func supabaseNeedsBothURLAndKey() {
    let found = issues(["SUPABASE_URL": "https://abc.supabase.co"])
    #expect(found.map(\.key) == ["SUPABASE_ANON_KEY"])
  }

  @Test func validateThrowsEveryIssueAtOnce() {
    #expect {
      try ConfigurationValidator.validate(
        Configuration(values: ["PROXY_PATH": "x", "AUTH_BYPASS": "2"]))
    } throws: { error in
      (error as? ConfigurationError)?.issues.count == 2
    }
  }

  @Test func unknownFileKeysAreWarningsWithASuggestion() throws {
    let file = try ConfigurationFile.parse("PROXY_BASE_ULR = https://x.example", path: "/c")
    let warnings = ConfigurationValidator.warnings(
      in: Configuration.merged(file: file, environment: [:]))
    #expect(warnings.count == 1)
    #expect(warnings.first?.fix == "write PROXY_BASE_URL if that is the key you meant")
  }

  @Test func settingsNothingReadsAreUnknownKeysWarnedAsIgnored() throws {
    let file = try ConfigurationFile.parse(
      "DIAGNOSTICS_ENABLED = true\nCRASHLYTICS_ENABLED = true", path: "/c")
    let configuration = Configuration.merged(file: file, environment: [:])
    let warnings = ConfigurationValidator.warnings(in: configuration)
    #expect(warnings.map(\.key) == ["CRASHLYTICS_ENABLED", "DIAGNOSTICS_ENABLED"])
    #expect(warnings.allSatisfy { $0.problem.contains("ignored") })
    #expect(ConfigurationValidator.issues(in: configuration).isEmpty, "a warning, not an error")
  }

  @Test func chatSyncWithoutASupabaseURLIsAConfigurationErrorAndWithOneNoWarning() {
    let alone = Configuration(values: ["CHAT_SYNC_ENABLED": "true"])
    let issues = ConfigurationValidator.issues(in: alone)
    #expect(issues.map(\.key) == ["CHAT_SYNC_ENABLED"])
    #expect(
      issues.first?.problem == "chat sync needs an account server, and SUPABASE_URL is not set")
    #expect(ConfigurationValidator.warnings(in: alone).isEmpty)
    let configured = Configuration(values: [
      "CHAT_SYNC_ENABLED": "true", "SUPABASE_URL": "https://project.example.co",
      "SUPABASE_ANON_KEY": "anon",
    ])
    #expect(ConfigurationValidator.issues(in: configured).isEmpty)
    #expect(ConfigurationValidator.warnings(in: configured).isEmpty)
  }

  @Test func plainHTTPToARemoteHostIsAWarningButLocalhostIsNot() {
    let remote = ConfigurationValidator.warnings(
      in: Configuration(values: ["OPENAI_BASE_URL": "http://api.example.net/v1"]))
    let local = ConfigurationValidator.warnings(
      in: Configuration(values: ["OPENAI_BASE_URL": "http://localhost:11434/v1"]))
    #expect(remote.count == 1)
    #expect(local.isEmpty)
  }
}

@Suite struct KilnPathsTests {
  @Test func defaultsFollowXDGUnderHome() {
    let paths = KilnPaths.resolve(environment: ["HOME": "/home/ada"])
    #expect(paths.dataDirectory.path == "/home/ada/.local/share/kiln")
    #expect(paths.configFile.path == "/home/ada/.config/kiln/config")
    #expect(paths.secretsDirectory.path == "/home/ada/.config/kiln")
    #expect(!paths.configFileIsExplicit)
    #expect(paths.database.lastPathComponent == "kiln.sqlite")
  }

  @Test func xdgVariablesMoveTheFolders() {
    let paths = KilnPaths.resolve(environment: [
      "HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/cfg",
    ])
    #expect(paths.dataDirectory.path == "/data/kiln")
    #expect(paths.configFile.path == "/cfg/kiln/config")
    #expect(paths.secretsDirectory.path == "/cfg/kiln")
  }

  @Test func relativeXDGValuesAreIgnoredAsTheSpecSays() {
    let paths = KilnPaths.resolve(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "rel"])
    #expect(paths.dataDirectory.path == "/home/ada/.local/share/kiln")
  }

  @Test func kilnHomeRelocatesDataAndSecretsButNotTheConfigFile() {
    let paths = KilnPaths.resolve(environment: ["HOME": "/home/ada", "KILN_HOME": "/tmp/k"])
    #expect(paths.dataDirectory.path == "/tmp/k")
    #expect(paths.secretsDirectory.path == "/tmp/k")
    #expect(paths.configFile.path == "/home/ada/.config/kiln/config")
  }

  @Test func optionsWinOverTheEnvironment() {
    let paths = KilnPaths.resolve(
      environment: ["HOME": "/home/ada", "KILN_HOME": "/tmp/k"],
      dataDirectoryOption: "~/kiln-data", configFileOption: "/etc/kiln.conf")
    #expect(paths.dataDirectory.path == "/home/ada/kiln-data")
    #expect(paths.configFile.path == "/etc/kiln.conf")
    #expect(paths.configFileIsExplicit)
  }
}

@Suite struct FeatureFlagsTests {
  @Test(
    arguments: [
      (nil, true, true), ("1", true, true), ("", true, true), ("0", true, false),
      (nil, false, false), ("1", false, false), ("0", false, false),
    ] as [(String?, Bool, Bool)])
  func mocksFollowOneRule(bypass: String?, development: Bool, expected: Bool) {
    var values: [String: String] = [:]
    values["AUTH_BYPASS"] = bypass
    let flags = FeatureFlags.resolve(
      Configuration(values: values), isDevelopmentBuild: development)
    #expect(flags.usesMockServices == expected)
  }

  @Test(arguments: [true, false])
  func chatSyncIsOptInInEveryBuild(development: Bool) {
    let optedIn = Configuration(values: ["CHAT_SYNC_ENABLED": "true"])
    #expect(FeatureFlags.resolve(optedIn, isDevelopmentBuild: development).chatSyncEnabled)
    #expect(!FeatureFlags.resolve(Configuration(), isDevelopmentBuild: development).chatSyncEnabled)
  }
}
