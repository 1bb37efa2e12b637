import Foundation
import Testing
import SidelineCore

@Suite("The server's address as a local client reaches it (sideline healthcheck)")
struct ServerLocalURLTests {
    @Test("Wildcard addresses are asked over loopback, IPv6 literals in brackets, port 0 not at all")
    func localURLs() {
        let cases: [(String, String?)] = [
            ("127.0.0.1", "http://127.0.0.1:8787/healthz"),
            ("0.0.0.0", "http://127.0.0.1:8787/healthz"),
            ("::", "http://[::1]:8787/healthz"),
            ("::1", "http://[::1]:8787/healthz"),
            ("sideline.internal", "http://sideline.internal:8787/healthz"),
        ]
        for (address, expected) in cases {
            #expect(ServerSettings(address: address).localURL(path: "healthz")?.absoluteString == expected, "\(address)")
        }
        #expect(ServerSettings(port: 0).localURL(path: "healthz") == nil)
    }
}
