// swift-tools-version: 6.0
// Kiln: an open, cross-platform Swift foundation for AI-powered apps.
// The module graph is the one the project's ARCHITECTURE.md specification draws (see
// docs/DECISIONS.md, entry 40); `.ci/run` enforces it by building with
// `--explicit-target-dependency-import-check error`.

import PackageDescription

let package = Package(
  name: "Kiln",
  defaultLocalization: "en",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "Networking", targets: ["Networking"]),
    .library(name: "Storage", targets: ["Storage"]),
    .library(name: "AI", targets: ["AI"]),
    .library(name: "Auth", targets: ["Auth"]),
    .library(name: "Payments", targets: ["Payments"]),
    .library(name: "Sync", targets: ["Sync"]),
    .library(name: "JOSE", targets: ["JOSE"]),
    .library(name: "DesignSystem", targets: ["DesignSystem"]),
    .library(name: "FeatureRating", targets: ["FeatureRating"]),
    .library(name: "FeatureChat", targets: ["FeatureChat"]),
    .library(name: "FeatureSettings", targets: ["FeatureSettings"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "AppComposition", targets: ["AppComposition"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "Postgres", targets: ["Postgres"]),
    .library(name: "Backend", targets: ["Backend"]),
    .library(name: "StorageKeychain", targets: ["StorageKeychain"]),
    .library(name: "PaymentsStoreKit", targets: ["PaymentsStoreKit"]),
    .executable(name: "kiln", targets: ["kiln"]),
    .executable(name: "kiln-bench", targets: ["kiln-bench"]),
    .executable(name: "kiln-server", targets: ["kiln-server"]),
  ],
  targets: []
)

// MARK: - System libraries

package.targets += [
  // SQLite from the system: libsqlite3-dev on Linux, the SDK on Apple platforms.
  .systemLibrary(
    name: "CSQLite",
    path: "Sources/CSQLite",
    pkgConfig: "sqlite3",
    providers: [.apt(["libsqlite3-dev"])]
  ),
  // libcurl for streams with flow control on Linux (Networking): declared in this package and
  // opened at run time from the runtime library (`libcurl.so.4`), so the build needs no curl
  // development files (decision 44).
  .target(
    name: "CCurl",
    path: "Sources/CCurl",
    linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
  ),
  // OpenSSL's libcrypto (libssl-dev), for the JOSE module's signatures, digests and scrypt.
  .systemLibrary(
    name: "COpenSSL",
    path: "Sources/COpenSSL",
    pkgConfig: "libcrypto",
    providers: [.apt(["libssl-dev"])]
  ),
  // glibc's heap statistics, for kiln-bench's memory figures (Linux only; no library to link).
  .systemLibrary(name: "CMallocInfo", path: "Sources/CMallocInfo"),
  // Linux epoll for HTTPServer's event loops (a glibc header; no library to link).
  .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
  // PostgreSQL's client library (libpq-dev on the image) for the Postgres module.
  .systemLibrary(
    name: "CLibPQ",
    path: "Sources/CLibPQ",
    pkgConfig: "libpq",
    providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
  ),
]

// MARK: - Core

package.targets += [
  .target(name: "Core"),
  .target(
    name: "Localization",
    dependencies: ["Core"],
    resources: [.process("Resources")]
  ),
]

// MARK: - Services

package.targets += [
  .target(
    name: "Networking",
    dependencies: [
      "Core", .target(name: "CCurl", condition: .when(platforms: [.linux])),
      .target(name: "CEpoll", condition: .when(platforms: [.linux])),
    ]
  ),
  .target(name: "Storage", dependencies: ["Core", "CSQLite"]),
  .target(name: "AI", dependencies: ["Core", "Networking"]),
  .target(name: "Auth", dependencies: ["Core", "Networking", "Storage"]),
  .target(name: "Payments", dependencies: ["Core", "Networking"]),
  .target(name: "JOSE", dependencies: ["Core", "COpenSSL"]),
  // Client sync: the wire codec, the transport to `/rest/v1/rpc/sync_*`, the engine and its
  // scheduler, over Storage's `SyncJournal`.
  .target(name: "Sync", dependencies: ["Core", "Networking", "Storage"]),
]

// MARK: - Server

package.targets += [
  // HTTP/1.1 over non-blocking sockets and epoll; knows nothing of Kiln's domain.
  .target(
    name: "HTTPServer",
    dependencies: ["Core", .target(name: "CEpoll", condition: .when(platforms: [.linux]))]
  ),
  // A PostgreSQL client over libpq: pool, prepared statements, transactions, migrations.
  .target(name: "Postgres", dependencies: ["Core", "CLibPQ"]),
  // Kiln's server-side services (proxy, entitlements, quotas, accounts) and `ServerStore`;
  // handlers take and return request/response values and know nothing of sockets.
  .target(
    name: "Backend",
    dependencies: ["Core", "JOSE", "Networking", "Storage", "Postgres"]),
]

// MARK: - Design and features

package.targets += [
  .target(
    name: "DesignSystem",
    dependencies: ["Core"],
    resources: [.process("Resources")]
  ),
  .target(name: "FeatureRating", dependencies: ["Core"]),
  .target(name: "FeatureChat", dependencies: ["Core", "Storage", "AI", "Localization"]),
  .target(
    name: "FeatureSettings",
    dependencies: ["Core", "Storage", "Auth", "Payments", "DesignSystem", "Localization"]),
]

// MARK: - App

package.targets += [
  .target(
    name: "AppComposition",
    dependencies: [
      "Core", "Localization", "Networking", "Storage", "AI", "Auth", "Payments", "FeatureChat",
      "FeatureRating", "FeatureSettings", "Sync",
    ]
  ),
  .target(name: "TerminalUI", dependencies: ["Core", "DesignSystem"]),
]

// MARK: - Apple-only adapters

// Declared on every platform so the module graph builds everywhere; each source file is wrapped
// in `#if canImport(Security)` / `#if canImport(StoreKit)`, so on Linux these are empty modules.
package.targets += [
  .target(name: "StorageKeychain", dependencies: ["Storage"]),
  .target(name: "PaymentsStoreKit", dependencies: ["Core", "Payments"]),
]

// MARK: - Executables

package.targets += [
  .executableTarget(
    name: "kiln",
    dependencies: [
      "AppComposition", "TerminalUI", "Core", "Localization", "Networking", "AI", "Auth",
      "Storage", "Payments", "DesignSystem", "FeatureChat", "FeatureRating", "FeatureSettings",
      "Sync",
    ]
  ),
  .executableTarget(
    name: "kiln-bench",
    dependencies: [
      "Core", "Networking", "Storage", "CSQLite", "AI", "TestSupport", "FeatureChat",
      "HTTPServer", "JOSE", "Sync",
      .target(name: "CMallocInfo", condition: .when(platforms: [.linux])),
      .target(name: "CEpoll", condition: .when(platforms: [.linux])),
    ]
  ),
  .executableTarget(
    name: "kiln-server",
    dependencies: ["Core", "HTTPServer", "Backend", "JOSE", "Networking", "AI"]),
  // A child process the durability test kills with SIGKILL mid-write.
  .executableTarget(name: "StorageCrashProbe", dependencies: ["Core", "Storage"]),
]

// MARK: - Test support

package.targets += [
  // Sets, before Swift Testing starts, how many tests run at once (see preflight.c).
  .target(name: "CTestPreflight", path: "Sources/CTestPreflight"),
  .target(name: "TestSupport", dependencies: ["Core", "Networking", "CTestPreflight"]),
]

// MARK: - Tests

package.targets += [
  .testTarget(name: "CoreTests", dependencies: ["Core", "TestSupport"]),
  .testTarget(
    name: "KilnTests",
    dependencies: [
      "kiln", "Core", "Localization", "Networking", "TestSupport", "AppComposition", "AI",
      "FeatureChat", "Storage", "TerminalUI", "Payments", "Auth", "Sync",
    ]),
  .testTarget(name: "LocalizationTests", dependencies: ["Core", "Localization"]),
  .testTarget(name: "TestSupportTests", dependencies: ["Core", "Networking", "TestSupport"]),
  .testTarget(
    name: "NetworkingTests",
    dependencies: [
      "Core", "Networking", "TestSupport",
      .target(name: "CCurl", condition: .when(platforms: [.linux])),
    ]),
  .testTarget(name: "AITests", dependencies: ["Core", "Networking", "AI", "TestSupport"]),
  .testTarget(
    name: "AuthTests", dependencies: ["Core", "Networking", "Storage", "Auth", "TestSupport"]),
  .testTarget(
    name: "PaymentsTests", dependencies: ["Core", "Networking", "Payments", "TestSupport"]),
  .testTarget(
    name: "StorageTests", dependencies: ["Core", "Storage", "TestSupport", "StorageCrashProbe"]),
  .testTarget(
    name: "SyncTests", dependencies: ["Core", "Networking", "Storage", "Sync", "TestSupport"]),
  .testTarget(name: "HTTPServerTests", dependencies: ["Core", "HTTPServer", "TestSupport"]),
  .testTarget(name: "PostgresTests", dependencies: ["Core", "Postgres", "TestSupport"]),
  .testTarget(
    name: "BackendTests",
    dependencies: [
      "AI", "Auth", "Backend", "Core", "JOSE", "Networking", "Storage", "Postgres", "TestSupport",
    ]),
  .testTarget(
    name: "KilnServerTests",
    dependencies: [
      "kiln-server", "TestSupport", "Backend", "Core", "HTTPServer", "JOSE", "Networking",
      "Auth", "Storage",
    ]),
  .testTarget(name: "JOSETests", dependencies: ["JOSE", "Core", "TestSupport"]),
  .testTarget(name: "DesignSystemTests", dependencies: ["Core", "DesignSystem"]),
  .testTarget(
    name: "FeatureChatTests",
    dependencies: [
      "Core", "Networking", "Storage", "AI", "Localization", "FeatureChat", "TestSupport",
    ]),
  .testTarget(
    name: "FeatureSettingsTests",
    dependencies: [
      "Core", "Storage", "Auth", "Payments", "DesignSystem", "Localization",
      "FeatureSettings", "TestSupport",
    ]),
  .testTarget(name: "FeatureRatingTests", dependencies: ["Core", "FeatureRating", "TestSupport"]),
  .testTarget(
    name: "AppCompositionTests",
    dependencies: [
      "Core", "AppComposition", "TestSupport", "Storage", "Payments", "FeatureChat",
      "FeatureSettings", "Localization", "Auth", "AI", "Sync", "Networking",
    ]),
  .testTarget(
    name: "TerminalUITests", dependencies: ["Core", "DesignSystem", "TerminalUI", "TestSupport"]),
]

// MARK: - Shared settings

/// Settings every target gets, appended (never assigned) so a target's own settings survive.
let sharedSwiftSettings: [SwiftSetting] = [
  // Swift 6 language mode: complete strict concurrency checking.
  .swiftLanguageMode(.v6),
  // Spell out `any` for existentials so their cost is visible at the call site.
  .enableUpcomingFeature("ExistentialAny"),
]

/// Targets written in C, which take no Swift settings.
let cTargets: Set<String> = ["CCurl", "CTestPreflight"]

for target in package.targets where target.type != .system && !cTargets.contains(target.name) {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: sharedSwiftSettings)
  target.swiftSettings = settings
}
