import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresStore
import SidelinePostgresTestDatabase
import SidelineStore

/// `count` stores on one new schema, as `count` pollers on as many hosts have (drop the
/// schema after). `lockTimeout` (ms) makes a statement that waits for a row lock fail
/// instead of hanging, for tests that show a claim never waits.
func pollerStores(_ count: Int, lockTimeout: Int? = nil) throws -> (stores: [PostgresStore], schema: String) {
    let (url, schema) = try TestDatabase.freshSchema()
    var parameters = url.parameters
    if let lockTimeout { parameters["options"] = (parameters["options"] ?? "") + " -c lock_timeout=\(lockTimeout)" }
    let timed = PostgresURL(host: url.host, port: url.port, user: url.user, database: url.database, password: url.password, parameters: parameters)
    return (try (0..<count).map { _ in try PostgresStore(url: timed) }, schema)
}

/// A poller's registration with its id as its name, on its own egress unless told.
func poller(_ id: String, egress: String? = nil, budget: Int = 1000) -> PollerRegistration {
    PollerRegistration(pollerID: id, egress: egress ?? id, host: "host-\(id)", pid: 100, callsPerMinute: budget)
}

/// League keys `L000`, `L001`, … (they sort as they are numbered).
func leagueKeys(_ count: Int) -> Set<String> {
    Set((0..<count).map { String(format: "L%03d", $0) })
}
