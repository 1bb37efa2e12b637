import Foundation
import Testing
import SidelineCore

extension ServerTests {
    @Suite("server.* configuration keys")
    struct ServerConfigurationTests {
        static func resolve(_ environment: [String: String]) throws(ConfigurationError) -> SidelineConfiguration {
            try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: ["database": "/tmp/x.sqlite", "cache_dir": "/tmp"])
        }

        @Test("Defaults: loopback, port 8787, no admin token, 15-minute codes")
        func defaults() throws {
            let settings = try Self.resolve([:]).server
            #expect(settings.address == "127.0.0.1")
            #expect(settings.port == 8787)
            #expect(settings.adminToken == nil)
            #expect(settings.pairingLifetime == 15 * 60)
            #expect(settings.trustedProxies.isEmpty)
        }

        @Test("Every key works from the environment; the admin token is a redacted secret")
        func environment() throws {
            let token = "an-admin-token-of-24-chars+"
            let settings = try Self.resolve([
                "SIDELINE_SERVER_ADDRESS": "0.0.0.0", "SIDELINE_SERVER_PORT": "9000", "SIDELINE_SERVER_ADMIN_TOKEN": token,
                "SIDELINE_SERVER_PUBLIC_URL": "https://sideline.example.com", "SIDELINE_SERVER_PAIRING_MINUTES": "5",
                "SIDELINE_SERVER_TRUSTED_PROXIES": "127.0.0.1, ::1",
            ]).server
            #expect(settings.address == "0.0.0.0")
            #expect(settings.port == 9000)
            #expect(settings.adminToken?.value == token)
            #expect("\(settings)".contains(token) == false)
            #expect(settings.publicURL?.host == "sideline.example.com")
            #expect(settings.pairingLifetime == 300)
            #expect(settings.trustedProxies == ["127.0.0.1", "::1"])
        }

        @Test("A short admin token, a bad port or a bad URL is an error naming the key, never the token")
        func refused() {
            func message(_ environment: [String: String]) -> String {
                do { _ = try Self.resolve(environment); return "" } catch { return error.message }
            }
            let short = message(["SIDELINE_SERVER_ADMIN_TOKEN": "hunter2"])
            #expect(short.contains("server.admin_token"))
            #expect(!short.contains("hunter2"))
            #expect(message(["SIDELINE_SERVER_PORT": "70000"]).contains("server.port"))
            #expect(message(["SIDELINE_SERVER_PUBLIC_URL": "sideline.local"]).contains("server.public_url"))
            #expect(message(["SIDELINE_SERVER_PAIRING_MINUTES": "0"]).contains("server.pairing_minutes"))
        }
    }
}
