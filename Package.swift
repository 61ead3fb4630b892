// swift-tools-version: 6.0
// Kiln: an open, cross-platform Swift foundation for AI-powered apps.
// The module graph is documented in docs/ARCHITECTURE.md and enforced by building with
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
    .library(name: "DesignSystem", targets: ["DesignSystem"]),
    .library(name: "FeatureRating", targets: ["FeatureRating"]),
    .executable(name: "kiln-bench", targets: ["kiln-bench"]),
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
  )
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
  .target(name: "Networking", dependencies: ["Core"]),
  .target(name: "Storage", dependencies: ["Core", "CSQLite"]),
]

// MARK: - Design and features

package.targets += [
  .target(
    name: "DesignSystem",
    dependencies: ["Core"],
    resources: [.process("Resources")]
  ),
  .target(name: "FeatureRating", dependencies: ["Core"]),
]

// MARK: - Executables

package.targets += [
  .executableTarget(
    name: "kiln-bench",
    dependencies: ["Core", "Networking", "Storage", "CSQLite"]
  ),
  // A child process the durability test kills with SIGKILL mid-write.
  .executableTarget(name: "StorageCrashProbe", dependencies: ["Core", "Storage"]),
]

// MARK: - Test support

package.targets += [
  .target(name: "TestSupport", dependencies: ["Core", "Networking"])
]

// MARK: - Tests

package.targets += [
  .testTarget(name: "CoreTests", dependencies: ["Core", "TestSupport"]),
  .testTarget(name: "LocalizationTests", dependencies: ["Core", "Localization"]),
  .testTarget(name: "TestSupportTests", dependencies: ["Core", "Networking", "TestSupport"]),
  .testTarget(name: "NetworkingTests", dependencies: ["Core", "Networking", "TestSupport"]),
  .testTarget(
    name: "StorageTests", dependencies: ["Core", "Storage", "TestSupport", "StorageCrashProbe"]),
  .testTarget(name: "DesignSystemTests", dependencies: ["Core", "DesignSystem"]),
  .testTarget(name: "FeatureRatingTests", dependencies: ["Core", "FeatureRating", "TestSupport"]),
]

// MARK: - Shared settings

/// Settings every target gets, appended (never assigned) so a target's own settings survive.
let sharedSwiftSettings: [SwiftSetting] = [
  // Swift 6 language mode: complete strict concurrency checking.
  .swiftLanguageMode(.v6),
  // Spell out `any` for existentials so their cost is visible at the call site.
  .enableUpcomingFeature("ExistentialAny"),
]

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: sharedSwiftSettings)
  target.swiftSettings = settings
}
