import Foundation
import Testing
@testable import SidelineCore

/// `http.source_address` (issue 32): the address a poller's Sleeper calls leave from. Only
/// an IP literal is taken; what libcurl would also take (interface names, `host!`/`if!`
/// forms, host names) is refused at load, naming the key.
@Suite("Configuration: http.source_address")
struct SourceAddressConfigurationTests {
    let paths = ["database": "/var/lib/sideline/db.sqlite", "cache_dir": "/var/cache/sideline"]

    func resolve(env: [String: String] = [:], file: String? = nil) throws(ConfigurationError) -> SidelineConfiguration {
        try ConfigurationLoader.resolve(file: file.map { Data($0.utf8) }, fileName: "test.json", environment: env, flags: [:], derivedDefaults: paths)
    }

    @Test("Unset, calls leave from whatever address the routing table picks")
    func unsetByDefault() throws {
        #expect(try resolve().sourceAddress == nil)
    }

    @Test("An IPv4 or IPv6 address is taken from the environment or the file, trimmed")
    func literalsAccepted() throws {
        #expect(try resolve(env: ["SIDELINE_HTTP_SOURCE_ADDRESS": "127.0.0.2"]).sourceAddress == "127.0.0.2")
        #expect(try resolve(env: ["SIDELINE_HTTP_SOURCE_ADDRESS": " 203.0.113.7 "]).sourceAddress == "203.0.113.7")
        #expect(try resolve(env: ["SIDELINE_HTTP_SOURCE_ADDRESS": "2001:db8::7"]).sourceAddress == "2001:db8::7")
        #expect(try resolve(file: #"{"http": {"source_address": "::1"}}"#).sourceAddress == "::1")
    }

    @Test("An interface name, host name, libcurl's host!/if! forms, a port, brackets, a zone or a short IPv4 form is refused, naming the key and the value")
    func everythingElseRefused() {
        for bad in ["eth0", "localhost", "host!127.0.0.2", "if!eth0", "127.0.0.2:8080", "[::1]", "fe80::1%eth0", "127.1", "256.0.0.1", "0x7f.0.0.2"] {
            do {
                let configuration = try resolve(env: ["SIDELINE_HTTP_SOURCE_ADDRESS": bad])
                Issue.record("\(bad) was taken as \(configuration.sourceAddress ?? "nil")")
            } catch {
                #expect(error.message.hasPrefix("http.source_address (from SIDELINE_HTTP_SOURCE_ADDRESS) must be an IPv4 or IPv6 address"), "\(error.message)")
                #expect(error.message.contains("not an interface or host name") && error.message.contains("got \"\(bad)\""), "\(error.message)")
            }
        }
    }

    @Test("config keys lists the key with its variable")
    func listed() throws {
        let key = try #require(ConfigurationKey.byName["http.source_address"])
        #expect(key.environmentName == "SIDELINE_HTTP_SOURCE_ADDRESS")
        #expect(key.kind == .ipAddress && key.defaultValue == nil && key.sink == nil)
    }
}
