import Foundation
import Testing
import SidelineFakeSleeper
import SidelineServer
import SidelineTestSupport

extension ServerTests {
    @Suite("Schemathesis against the running server: no 5xx, answers as documented")
    struct APIFuzzTests {
        @Test("Every operation, fuzzed from docs/openapi.json with real credentials")
        func fuzz() async throws {
            try await TestTools.requirePython(modules: ["schemathesis"])
            // A generous throttle: the fuzzer sends many wrong secrets on purpose.
            try await withServer(throttle: AuthThrottle(limit: 100_000, window: 60)) { h in
                try await h.liveSunday()
                let device = try await h.pair("demo_alex")
                let config = h.directory.appendingPathComponent("schemathesis.toml")
                try Data("""
                    [auth.openapi.deviceSecret]
                    bearer = "\(device.secret)"
                    [auth.openapi.adminToken]
                    bearer = "\(ServerHarness.adminToken)"
                    [auth.openapi.adminBasic]
                    username = "admin"
                    password = "\(ServerHarness.adminToken)"
                    """.utf8).write(to: config)
                let examples = ProcessInfo.processInfo.environment["SIDELINE_FUZZ_EXAMPLES"] ?? "25"
                let started = ContinuousClock.now
                var arguments = [
                    "-m", "schemathesis.cli", "--config-file", config.path, "run", OpenAPIDocumentTests.documentURL.path,
                    "--url", h.base.absoluteString, "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
                    "--max-examples", examples, "--seed", "20261122", "--workers", "1", "--no-color", "--suppress-health-check", "all",
                ]
                // Unpaced unless asked (SIDELINE_FUZZ_RATE=10/s): the API server answers on a
                // thread of its own, so the fuzzer no longer starves the suites beside it.
                if let rate = TestTools.setting("SIDELINE_FUZZ_RATE") { arguments += ["--rate-limit", rate] }
                let result = try await TestTools.run(TestTools.python, arguments, environment: ["SCHEMATHESIS_HOOKS": "", "NO_COLOR": "1"], directory: h.directory)
                let elapsed = ContinuousClock.now - started
                print("schemathesis: \(elapsed) with \(examples) examples per operation")
                #expect(result.status == 0, "\(result.stdout.suffix(6000))\n\(result.stderr.suffix(2000))")
                #expect(!result.stdout.contains("Server error"), "\(result.stdout.suffix(4000))")
            }
        }
    }
}
