// swift-tools-version: 6.1
import PackageDescription

// What the iPhone app and its widget link (ADR 023): Foundation and nothing else, so a
// local SwiftPM path dependency from Xcode resolves no server dependency (Hummingbird, NIO,
// GRDB). The server's root Package.swift depends on this package by path.
//   SidelineActivity      the Live Activity model: attributes, content state, presentations
//   SidelineDeviceClient  the app's client for the device API: pairing, the token-reporting
//                         machine, my activities (URLSession; FoundationNetworking on Linux)
let package = Package(
    name: "SidelineKit",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "SidelineActivity", targets: ["SidelineActivity"]),
        .library(name: "SidelineDeviceClient", targets: ["SidelineDeviceClient"]),
    ],
    targets: [
        .target(name: "SidelineActivity"),
        .target(name: "SidelineDeviceClient", dependencies: ["SidelineActivity"]),
    ],
    swiftLanguageModes: [.v6]
)
