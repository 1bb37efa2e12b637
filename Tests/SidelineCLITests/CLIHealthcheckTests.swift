import Foundation
import Testing
import SidelineTestSupport

@Suite("sideline healthcheck: the container's HEALTHCHECK against the real server")
struct CLIHealthcheckTests {
    @Test("Exit 0 while the server answers /healthz on the configured port; exit 1 with one line once it has stopped")
    func healthyThenStopped() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let (port, _) = try await cli.withServer { base, server in
                let port = try #require(base.port)
                // 0.0.0.0 is what the container binds: the check asks it over loopback.
                let healthy = try await cli.run(["healthcheck"], environment: ["SIDELINE_SERVER_PORT": "\(port)", "SIDELINE_SERVER_ADDRESS": "0.0.0.0"])
                #expect(healthy.status == 0, "\(healthy.stderr)")
                #expect(healthy.stdout.contains("http://127.0.0.1:\(port)/healthz"), "\(healthy.stdout)")
                server.terminate()
                try await server.waitForExit(timeout: .seconds(60))
                return port
            }
            let stopped = try await cli.run(["healthcheck"], environment: ["SIDELINE_SERVER_PORT": "\(port)"])
            #expect(stopped.status == 1, "\(stopped.stdout)")
            #expect(stopped.stderr.hasPrefix("sideline: unhealthy: could not reach http://127.0.0.1:\(port)/healthz"), "\(stopped.stderr)")
            #expect(stopped.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(stopped.stderr)")
        }
    }

    @Test("Port 0 (any free port) cannot be checked: exit 1 saying to set a fixed port")
    func anyPortRefused() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let result = try await cli.run("healthcheck")
            #expect(result.status == 1)
            #expect(result.stderr.contains("server.port is 0"), "\(result.stderr)")
        }
    }
}
