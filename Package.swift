// swift-tools-version: 6.0
import PackageDescription

/// Settings shared by every target.
///
/// `ExistentialAny` is on so that every use of a protocol as a type is spelled `any P`, which keeps
/// the cost of existentials visible on the hot routing path. `InternalImportsByDefault` is left off:
/// the public API hands out Foundation types (`URL`, `UUID`), so nearly every file would need
/// `public import Foundation`, which adds noise without hiding anything.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

/// The test targets the package declares: every one, or only those named, comma-separated, in the
/// environment variable `DEEPLINK_TEST_TARGETS`. CI's thread-sanitizer step names the test targets
/// whose suites it runs, so that its instrumented build compiles neither the other test targets nor
/// the modules only they use.
let testTargetNames = Context.environment["DEEPLINK_TEST_TARGETS"].map {
  Set($0.split(separator: ",").map { String($0) })
}

let package = Package(
  name: "swift-deep-linking",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
    .library(name: "DeepLinking", targets: ["DeepLinking"]),
    .library(name: "RouteFiles", targets: ["RouteFiles"]),
    .library(name: "DurableLinkStorage", targets: ["DurableLinkStorage"]),
    .library(name: "TrackingLinks", targets: ["TrackingLinks"]),
    .library(name: "UniversalLinks", targets: ["UniversalLinks"]),
    .library(name: "ChannelNavigation", targets: ["ChannelNavigation"]),
    .library(name: "DeepLinkingUIKit", targets: ["DeepLinkingUIKit"]),
    .library(name: "DeepLinkingSwiftUI", targets: ["DeepLinkingSwiftUI"]),
    .library(name: "ChannelNavigationSwiftUI", targets: ["ChannelNavigationSwiftUI"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  targets: [
    // The route table and the router: Foundation only, so a tool or an extension can route links
    // without Observation, networking or the navigator.
    .target(name: "DeepLinkRouting", swiftSettings: swiftSettings),
    // Route files (a table read from and written to JSON) and the strict JSON reader and writer the
    // package's files share: the command-line tool and the site need them, an app's modules do not.
    .target(name: "RouteFiles", dependencies: ["DeepLinkRouting"], swiftSettings: swiftSettings),
    .target(name: "DeepLinking", dependencies: ["DeepLinkRouting"], swiftSettings: swiftSettings),
    // The intake's durable link store: the package's POSIX file I/O, kept out of DeepLinking.
    .target(
      name: "DurableLinkStorage", dependencies: ["DeepLinkRouting", "DeepLinking"],
      swiftSettings: swiftSettings),
    // The tracking-link resolver and its fallback handler: the networking (FoundationNetworking on
    // Linux) lives here, so DeepLinking needs none.
    .target(
      name: "TrackingLinks", dependencies: ["DeepLinkRouting", "DeepLinking"], swiftSettings: swiftSettings),
    .target(
      name: "UniversalLinks", dependencies: ["DeepLinkRouting", "RouteFiles"], swiftSettings: swiftSettings),
    .target(
      name: "ChannelNavigation",
      dependencies: ["DeepLinkRouting", "DeepLinking", "RouteFiles"],
      resources: [.copy("Resources/demo-channel.json")],
      swiftSettings: swiftSettings
    ),
    // How a UIKit app receives links: scene options, URL contexts, user activities, notifications and
    // quick actions. Everything is inside `#if canImport(UIKit)`; the rules it applies live in DeepLinking.
    .target(
      name: "DeepLinkingUIKit",
      dependencies: ["DeepLinking"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "DeepLinkingSwiftUI",
      dependencies: ["DeepLinking"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "ChannelNavigationSwiftUI",
      dependencies: ["ChannelNavigation"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "DeepLinkCommands",
      dependencies: [
        "DeepLinkRouting", "DeepLinking", "RouteFiles", "TrackingLinks", "UniversalLinks",
        "ChannelNavigation",
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkCommands"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "deeplink-bench",
      dependencies: ["DeepLinking", "RouteFiles", "DeepLinkCommands", "DurableLinkStorage"],
      swiftSettings: swiftSettings),
    // The retail example's logic, kept in a tested module; Examples/Retail/App holds its SwiftUI views.
    .target(
      name: "RetailExample",
      dependencies: ["DeepLinking"],
      path: "Examples/Retail/Sources/RetailExample",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "RetailExampleTests",
      dependencies: ["RetailExample", "DeepLinking"],
      path: "Examples/Retail/Tests/RetailExampleTests",
      swiftSettings: swiftSettings
    ),
    // Depends on DeepLinkRouting alone: Scripts/check-routing-linkage.sh reads what its binary links.
    .executableTarget(
      name: "routing-linkage-probe", dependencies: ["DeepLinkRouting"], swiftSettings: swiftSettings),
    // Depends on DeepLinking alone: the same script checks that its binary does not link networking.
    .executableTarget(
      name: "linking-linkage-probe", dependencies: ["DeepLinking"], swiftSettings: swiftSettings),
    // Appends links to a durable store until it is killed: the subject of the store's crash test.
    .executableTarget(
      name: "link-store-writer", dependencies: ["DeepLinking", "DurableLinkStorage"],
      swiftSettings: swiftSettings),
    // What several test targets share: scripted HTTP servers on 127.0.0.1, a seeded generator, the
    // stress run's trait, a link store that counts what it lists.
    .target(
      name: "DeepLinkingTestSupport",
      dependencies: ["DeepLinking"],
      path: "Tests/DeepLinkingTestSupport",
      exclude: ["local_server.py", "peak_memory.py", "redirect_server.py", "well_known_server.py"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "DeepLinkRoutingTests",
      dependencies: ["DeepLinkRouting", "RouteFiles", "DeepLinkingTestSupport"],
      // Route files of real apps' routers, ported (RealApps/*RouterPortTests.swift).
      resources: [
        .copy("RealApps/Kickstarter.routes.json"), .copy("RealApps/Firefox.routes.json"),
        .copy("RealApps/ElementWeb.routes.json"), .copy("RealApps/SignalDesktop.routes.json"),
        .copy("RealApps/MattermostMobile.routes.json"), .copy("RealApps/Zulip.routes.json"),
      ],
      swiftSettings: swiftSettings
    ),
    // The router against a reference written from the routing rules, on random tables and links, and
    // shared by many tasks at once: a target of its own so that the thread sanitizer builds it alone.
    .testTarget(
      name: "RouterReliabilityTests",
      dependencies: ["DeepLinkRouting", "DeepLinkingTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "DeepLinkingTests",
      dependencies: ["DeepLinkRouting", "DeepLinking", "TrackingLinks", "DeepLinkingTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "TrackingLinksTests",
      dependencies: ["DeepLinking", "TrackingLinks", "DeepLinkingTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "DurableLinkStorageTests",
      dependencies: ["DeepLinking", "DurableLinkStorage", "DeepLinkingTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "UniversalLinksTests",
      dependencies: ["DeepLinkRouting", "RouteFiles", "UniversalLinks"],
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ChannelNavigationTests",
      dependencies: ["DeepLinking", "ChannelNavigation"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "DeepLinkCommandsTests",
      dependencies: ["DeepLinking", "DeepLinkCommands", "DeepLinkingTestSupport", "TrackingLinks"],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

if let testTargetNames {
  let declared = Set(package.targets.filter { $0.type == .test }.map(\.name))
  let unknown = testTargetNames.subtracting(declared).sorted()
  precondition(unknown.isEmpty, "DEEPLINK_TEST_TARGETS names no test target called \(unknown)")
  package.targets.removeAll { $0.type == .test && !testTargetNames.contains($0.name) }
}
