// swift-tools-version: 6.0
// Kiln: an open, cross-platform Swift foundation for AI-powered apps.
// The module graph is documented in docs/ARCHITECTURE.md (a copy of the shared architecture's
// table) and enforced by building with `--explicit-target-dependency-import-check error`.

import PackageDescription

let package = Package(
  name: "Kiln",
  defaultLocalization: "en",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "Localization", targets: ["Localization"]),
  ],
  targets: []
)

// MARK: - Core

package.targets += [
  .target(name: "Core"),
  .target(
    name: "Localization",
    dependencies: ["Core"],
    resources: [.process("Resources")]
  ),
]

// MARK: - Test support

package.targets += [
  .target(name: "TestSupport", dependencies: ["Core"])
]

// MARK: - Tests

package.targets += [
  .testTarget(name: "CoreTests", dependencies: ["Core", "TestSupport"]),
  .testTarget(name: "LocalizationTests", dependencies: ["Core", "Localization"]),
  .testTarget(name: "TestSupportTests", dependencies: ["Core", "TestSupport"]),
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
