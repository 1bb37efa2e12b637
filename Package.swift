// swift-tools-version: 6.1
import PackageDescription

// Module map (see README "Layout"):
//   SidelineActivity    shared Live Activity model (Foundation only), in Packages/SidelineKit (ADR 023)
//   SidelineDeviceClient the iPhone app's client for the device API, also in Packages/SidelineKit
//   SidelineCore        pure logic: models, mapping, lifecycle, poll planning, rate budget. No I/O.
//   SidelineSleeper     adapter: Sleeper HTTP client and game-status feeds (over SidelineCurl)
//   SidelineStore       adapter: SQLite state, call log, outbox (GRDB over the system libsqlite3)
//   SidelineDelivery    delivery: the event envelope, PushSink, the delivery state machine and
//                       its per-sink policies, the outbox and device-push loops over DeliveryStore
//   CLibPQ              the system libpq (module map only; apt libpq-dev), ADR 038
//   SidelinePostgres    adapter: a small synchronous PostgreSQL connection over libpq (URL, parameters, transactions, advisory locks)
//   SidelinePostgresStore the PostgreSQL store: its own migrations and the store roles, over SidelinePostgres (issue 31)
//   SidelineEngine      one scheduler pass, registration, devices, configuration files, the pass lock
//   SidelineSinks       adapter: push sinks (APNs, Standard Webhooks, ntfy)
//   SidelineAPNs        adapter: APNs Live Activity client (ES256 provider token, HTTP/2 over SidelineCurl)
//   SidelineHTTP        the HTTP transport every adapter shares: GET/POST protocols and CurlTransport
//   SidelineCurl        adapter: the one HTTP client — libcurl's multi interface on one thread (GET/POST, keep-alive, HTTP/2)
//   CCurl               C shim: typed wrappers for libcurl's variadic setopt/getinfo (system libcurl)
//   SidelineServer      adapter: the device API, admin API, status page and metrics (Hummingbird)
//   SidelineFakeSleeper a fake Sleeper on loopback and scripted game days (demo, tests, benchmarks)
//   SidelineFakeHomeAssistant a Home Assistant look-alike on loopback (tests)
//   SidelineLoopback    a service on 127.0.0.1:0 on a thread of its own (the fakes, the tests' servers)
//   SidelineWiring      configuration → store, HTTP client, feeds, sinks, scheduler, server
//                       environment; the daemon loop (ADR 026). CLI, benchmark and harnesses
//   SidelineDemo        `sideline demo`: the bundled game day replayed against the fake Sleeper
//   SidelineTestSupport the tests' one runner, clock, binary harness and scoped harnesses (ADR 027)
//   SidelineTestDates   the tests' one UTC date helper (Foundation only, so every test target shares it)
//   sideline            the thin executable: parses arguments, calls the libraries
//   sideline-bench      the adaptive-polling benchmark (synthetic Sleeper in a child process)
let package = Package(
    name: "Sideline",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sideline", targets: ["sideline"]),
    ],
    dependencies: [
        // The Live Activity model and the device client, in a package of their own so the
        // iPhone app can depend on them without the server's graph (ADR 023).
        .package(path: "Packages/SidelineKit"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in Hummingbird's graph; named here for the HTTP/1 pipeline the API server
        // builds around Hummingbird's (ADR 010: request head and idle deadlines, Host, HTTP/1.0).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        // Up to 4.x: Hummingbird's graph (swift-certificates, swift-nio-extras) already
        // resolves 4.x, and the HMAC/SHA-256 API we use is the same in both majors.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The tests' one way to run a child process (ADR 027): timeouts, captured output,
        // and the child ended with the scope that started it.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        .target(name: "SidelineCore", dependencies: [.product(name: "SidelineActivity", package: "SidelineKit")]),
        .target(
            name: "SidelineSleeper",
            dependencies: ["SidelineCore", "SidelineHTTP", "SidelineCurl", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "SidelineDelivery",
            dependencies: ["SidelineCore", .product(name: "SidelineActivity", package: "SidelineKit"), .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "SidelineStore",
            dependencies: [
                "SidelineCore", "SidelineDelivery", .product(name: "GRDB", package: "GRDB.swift"),
                // The same libsqlite3 GRDB links, for ADR 017's bulk statements.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // PostgreSQL through the system libpq, as libcurl and libsqlite3 are used (ADR 038).
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "SidelinePostgres", dependencies: ["CLibPQ", "SidelineCore"]),
        .target(name: "SidelinePostgresStore", dependencies: ["SidelinePostgres", "SidelineStore", "SidelineDelivery", "SidelineCore"]),
        .target(
            name: "SidelineEngine",
            dependencies: [
                "SidelineCore", "SidelineDelivery", "SidelineSleeper", "SidelineStore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SidelineSinks",
            dependencies: [
                "SidelineDelivery", "SidelineHTTP", "SidelineCurl", "SidelineCore", "SidelineAPNs",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "SidelineCurl", dependencies: ["CCurl"]),
        .target(name: "SidelineHTTP", dependencies: ["SidelineCurl"]),
        .target(
            name: "SidelineAPNs",
            dependencies: [
                "SidelineCurl", "SidelineCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SidelineServer",
            dependencies: [
                "SidelineEngine", "SidelineDelivery", "SidelineStore", "SidelineCore", .product(name: "SidelineActivity", package: "SidelineKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "SidelineLoopback",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "SidelineFakeSleeper",
            dependencies: [
                "SidelineCore", "SidelineLoopback",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SidelineFakeHomeAssistant",
            dependencies: [
                "SidelineCore", "SidelineLoopback",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The one wiring (ADR 026). Never the fakes: the demo wires them in on its own.
        .target(
            name: "SidelineWiring",
            dependencies: [
                "SidelineEngine", "SidelineServer", "SidelineSinks", "SidelineAPNs", "SidelineSleeper", "SidelineStore",
                "SidelinePostgresStore", "SidelinePostgres", "SidelineDelivery", "SidelineHTTP", "SidelineCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "SidelineDemo",
            dependencies: [
                "SidelineWiring", "SidelineFakeSleeper", "SidelineEngine", "SidelineDelivery", "SidelineCore",
            ]
        ),
        .executableTarget(
            name: "sideline",
            dependencies: [
                "SidelineWiring", "SidelineDemo", "SidelineEngine", "SidelineDelivery", "SidelineStore", "SidelineHTTP", "SidelineSinks", "SidelineServer", "SidelineCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift run -c release sideline-bench`: adaptive polling at scale, measured (README "Benchmark").
        .executableTarget(
            name: "sideline-bench",
            dependencies: [
                "SidelineWiring", "SidelineEngine", "SidelineDelivery", "SidelineHTTP", "SidelineFakeSleeper", "SidelineSleeper", "SidelineStore", "SidelinePostgres", "SidelineCore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the test targets share (ADR 027): one subprocess runner, one manual clock, one
        // binary harness, the engine's test wiring and scoped harnesses with awaited teardown.
        // The tests' UTC date helper: Foundation only, so every test target can share it.
        .target(name: "SidelineTestDates", path: "Tests/SidelineTestDates"),
        // The PostgreSQL the tests run against (a schema per test), for the store suites and the client's.
        .target(name: "SidelinePostgresTestDatabase", dependencies: ["SidelinePostgres"], path: "Tests/SidelinePostgresTestDatabase"),
        .target(
            name: "SidelineTestSupport",
            dependencies: [
                "SidelineTestDates", "SidelineCore", "SidelineDelivery", "SidelineEngine", "SidelineStore", "SidelineSleeper", "SidelineHTTP",
                "SidelineWiring", "SidelineFakeSleeper", "SidelineFakeHomeAssistant", "SidelineLoopback", "SidelinePostgresTestDatabase",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SidelineTestSupport"
        ),
        .testTarget(name: "SidelineCoreTests", dependencies: ["SidelineCore", "SidelineTestDates"]),
        .testTarget(name: "SidelineDeliveryTests", dependencies: ["SidelineDelivery", "SidelineCore"]),
        .testTarget(
            name: "SidelineSleeperTests",
            dependencies: ["SidelineTestSupport", "SidelineSleeper", "SidelineHTTP", "SidelineCurl", "SidelineFakeSleeper"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SidelineStoreTests", dependencies: ["SidelineTestDates", "SidelineStore", "SidelinePostgresStore", "SidelinePostgresTestDatabase", "SidelineDelivery", "SidelineFakeSleeper", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "SidelinePostgresTests", dependencies: ["SidelineTestDates", "SidelinePostgresTestDatabase", "SidelinePostgres", "SidelinePostgresStore", "SidelineStore", "SidelineDelivery", "SidelineCore"]),
        .testTarget(name: "SidelineEngineTests", dependencies: ["SidelineTestSupport", "SidelineEngine", "SidelineDelivery", "SidelineStore", "SidelineHTTP", "SidelineSinks", "SidelineFakeHomeAssistant", "SidelineFakeSleeper", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "SidelineSinksTests",
            dependencies: [
                "SidelineTestSupport", "SidelineLoopback", "SidelineSinks", "SidelineDelivery", "SidelineHTTP", "SidelineCurl", "SidelineCore", "SidelineFakeHomeAssistant",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SidelineAPNsTests",
            dependencies: [
                "SidelineTestSupport", "SidelineAPNs", "SidelineCurl", "SidelineCore", .product(name: "SidelineActivity", package: "SidelineKit"),
                // The sink and the kill-and-restart test: the real binary against the fakes.
                "sideline", "SidelineSinks", "SidelineDelivery", "SidelineEngine", "SidelineStore", "SidelineFakeSleeper",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The fake APNs server is run from the source tree (found via #filePath).
            exclude: ["Support/fake_apns.py", "Support/requirements.txt"]
        ),
        .testTarget(
            name: "SidelineServerTests",
            dependencies: [
                "SidelineTestSupport", "SidelineLoopback", "SidelineServer", "SidelineWiring", "SidelineEngine", "SidelineDelivery", "SidelineStore", "SidelineCore", "SidelineSleeper", "SidelineHTTP", "SidelineFakeSleeper",
                .product(name: "Logging", package: "swift-log"),
                // The app's client against the real server (DeviceClientTests).
                .product(name: "SidelineDeviceClient", package: "SidelineKit"),
            ]
        ),
        // The iPhone app's client library (Packages/SidelineKit): its rules, with no server.
        // Its tests against the real API server are in SidelineServerTests (run second).
        .testTarget(
            name: "SidelineDeviceClientTests",
            dependencies: [
                // For its one manual clock only; the client library itself has no dependencies.
                "SidelineTestSupport",
                .product(name: "SidelineDeviceClient", package: "SidelineKit"),
                .product(name: "SidelineActivity", package: "SidelineKit"),
            ]
        ),
        .testTarget(
            name: "SidelineWiringTests",
            dependencies: [
                "SidelineWiring", "SidelineEngine", "SidelineStore", "SidelineCore",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "SidelineCLITests", dependencies: ["SidelineTestSupport", "sideline", "SidelineEngine", "SidelineDelivery", "SidelineFakeHomeAssistant", "SidelineFakeSleeper", "SidelineStore", "SidelinePostgresStore", "SidelinePostgresTestDatabase", .product(name: "SidelineDeviceClient", package: "SidelineKit"), .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
