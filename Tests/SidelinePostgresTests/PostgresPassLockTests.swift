import Foundation
import SidelineCore
import SidelinePostgres
import SidelinePostgresTestDatabase
@testable import SidelinePostgresStore
import SidelineStore
import SidelineTestDates
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What only PostgreSQL needs shown of the pass lock (the lock itself, two stores taking
/// turns, is in StatusRolesTests on both stores): a connection of its own, a lock per
/// store's schema, the holder named, and a killed holder's lock released by the server.
@Suite("PostgreSQL store: the pass lock as an advisory lock", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresPassLockTests {
    @Test("While the pass lock is held the store's own connection keeps working, transactions included")
    func storeWorksWhileLocked() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        let held = try store.passLock(wait: 0)
        let t0 = utc("2026-11-22T18:00:00Z")
        try store.recordPass(PassSummary(at: t0, calls: 1))
        #expect(try store.lastPassAt() == t0)
        #expect(try store.admitCall(kind: "matchups", path: "/m", at: t0, budget: RateBudget(limit: 10, headroom: 0), forRegistration: false))
        #expect(throws: PassLockError.self) { try PostgresStore(url: url).passLock(wait: 0) }
        withExtendedLifetime(held) {}
    }

    @Test("Stores in two schemas of one database each take their own pass lock")
    func onePerSchema() throws {
        let (first, firstSchema) = try TestDatabase.freshSchema()
        let (second, secondSchema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(firstSchema); try? TestDatabase.drop(secondSchema) }
        let held = try PostgresStore(url: first).passLock(wait: 0)
        let other = try PostgresStore(url: second).passLock(wait: 0)
        withExtendedLifetime((held, other)) {}
    }

    @Test("Cluster pollers pass side by side, never two of one poller id, and never beside a poller outside the cluster")
    func pollerLocks() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let a = try PostgresStore(url: url, egress: "a"), b = try PostgresStore(url: url, egress: "b")
        var first: (any HeldPassLock)? = try a.pollerPassLock("a1", wait: 0)
        var second: (any HeldPassLock)? = try b.pollerPassLock("b1", wait: 0)
        // One id twice (overlapping cron ticks of one poller): the second waits, then is refused.
        #expect(throws: PassLockError.self) { try PostgresStore(url: url, egress: "a").pollerPassLock("a1", wait: 0.2) }
        // A poller outside the cluster takes the store's lock exclusively: not while pollers pass.
        #expect(throws: PassLockError.self) { try PostgresStore(url: url).passLock(wait: 0.2) }
        #expect(first != nil)
        first = nil
        #expect(throws: PassLockError.self) { try PostgresStore(url: url).passLock(wait: 0.2) }
        #expect(second != nil)
        second = nil
        // With no poller passing it is free, and while it is held no poller passes.
        let outsider = try PostgresStore(url: url).passLock(wait: 1)
        #expect(throws: PassLockError.self) { try a.pollerPassLock("a1", wait: 0.2) }
        withExtendedLifetime(outsider) {}
    }

    @Test("The refusal names the session that holds the lock: its host and process")
    func refusalNamesTheHolder() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let held = try PostgresStore(url: url).passLock(wait: 0)
        #expect { try PostgresStore(url: url).passLock(wait: 0.2) } throws: { error in
            let message = "\(error)"
            return message.contains("another sideline pass is running") && message.contains("schema \(schema)")
                && message.contains("sideline pass on \(PostgresPassLock.hostName()) pid \(getpid())") && !message.contains(url.password ?? "\u{0}")
        }
        withExtendedLifetime(held) {}
    }

    @Test("A lock whose holder is killed is released by the server: the next pass takes it within its wait")
    func killedHolderReleases() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let store = try PostgresStore(url: url)
        // A real other process: psql takes the store's pass lock and sits idle, as a pass
        // between statements does, until it is killed.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = ["-X", "-q", "-h", url.host, "-p", String(url.port), "-U", url.user, "-d", url.database]
        holder.environment = ["PGPASSWORD": url.password ?? "", "PATH": "/usr/bin:/bin"]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let key = PostgresLockKey.pass(schema: schema)
        input.fileHandleForWriting.write(Data("SELECT pg_advisory_lock(\(key));\n".utf8))
        // Until the server lists psql as the holder (psql's output is buffered: not a signal).
        let watcher = try PostgresConnection(url: url)
        var holding: String?
        for _ in 0..<200 where holding == nil {
            holding = try PostgresPassLock.holder(of: key, watcher)
            if holding == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(holding?.contains("psql") == true, "psql took the lock: \(holding ?? "no holder")")
        #expect(throws: PassLockError.self) { try store.passLock(wait: 0) }
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        _ = try store.passLock(wait: 10)
    }
}
