import Foundation
import Testing
@testable import SidelineCore

/// `store.url` (issue 31): which store a process opens.
@Suite("store.url: the SQLite file unless the URL names a PostgreSQL server")
struct StoreLocationTests {
    let paths = ["database": "/var/lib/sideline/db.sqlite", "cache_dir": "/var/cache/sideline"]

    func resolve(_ url: String?, database: String? = nil) throws(ConfigurationError) -> SidelineConfiguration {
        var environment: [String: String] = [:]
        environment["SIDELINE_STORE_URL"] = url
        environment["SIDELINE_DATABASE"] = database
        return try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: paths)
    }

    @Test("Unset, the database path as before: the default one may be created, a configured one must exist")
    func unset() throws {
        #expect(try resolve(nil).store == .sqlite(path: "/var/lib/sideline/db.sqlite", explicit: false))
        #expect(try resolve(nil, database: "/srv/x.sqlite").store == .sqlite(path: "/srv/x.sqlite", explicit: true))
    }

    @Test("sqlite:PATH, sqlite:///PATH and a plain path are that SQLite file, which is then the database path too")
    func sqlite() throws {
        for url in ["sqlite:/srv/s.sqlite", "sqlite:///srv/s.sqlite", "/srv/s.sqlite"] {
            let configuration = try resolve(url, database: "/srv/other.sqlite")
            #expect(configuration.store == .sqlite(path: "/srv/s.sqlite", explicit: true), "\(url)")
            #expect(configuration.databasePath == "/srv/s.sqlite" && configuration.databaseIsExplicit, "\(url)")
        }
        #expect(throws: ConfigurationError.self) { try resolve("sqlite:") }
    }

    @Test("postgres:// and postgresql:// name a server; the URL is a secret, shown by no setting or description")
    func postgres() throws {
        for url in ["postgres://sideline:pw@db/sideline", "postgresql://db/sideline"] {
            let configuration = try resolve(url)
            #expect(configuration.store == .postgres(Secret(url), passwordFile: nil))
            #expect(!"\(configuration.store)".contains("db/sideline"), "\(configuration.store)")
            #expect(configuration.store.name == (url.hasPrefix("postgres://sideline") ? "PostgreSQL sideline@db:5432/sideline" : "PostgreSQL db:5432/sideline"))
            #expect(!configuration.store.name.contains("pw"))
            #expect(configuration.settings.first { $0.key == "store.url" }?.value == nil)
        }
    }

    @Test("A password file goes with a PostgreSQL URL; beside a SQLite store it is refused, not ignored")
    func passwordFile() throws {
        var environment = ["SIDELINE_STORE_URL": "postgres://sideline@db/sideline", "SIDELINE_STORE_PASSWORD_FILE": "/run/secrets/pg"]
        #expect(try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: paths).store
            == .postgres(Secret("postgres://sideline@db/sideline"), passwordFile: "/run/secrets/pg"))
        environment["SIDELINE_STORE_URL"] = nil
        do {
            _ = try ConfigurationLoader.resolve(file: nil, environment: environment, derivedDefaults: paths)
            Issue.record("a password file beside the SQLite store was accepted")
        } catch {
            #expect(error.message == Messages.Configuration.storePasswordFileWithoutServer)
        }
    }

    @Test("Another scheme is refused naming it")
    func unknownScheme() {
        do {
            _ = try resolve("mysql://db/sideline")
            Issue.record("mysql:// was accepted")
        } catch {
            #expect(error.message.contains("mysql:") && error.message.contains("postgres://"), "\(error.message)")
        }
    }
}
