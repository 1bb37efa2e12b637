import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: ClusterStore {
    public func offerLeases(_ kind: LeaseKind, keys: Set<String>) throws(StoreError) {
        guard !keys.isEmpty else { return }
        // In key order: pollers starting together offer the same thousands of keys at once,
        // and two inserts taking the same rows in different orders deadlock (the benchmark's
        // two pollers did, at their first pass).
        try execute("""
            INSERT INTO lease (kind, key) SELECT $1, k FROM unnest(\(PostgresKeySet.sql(2))) AS k ORDER BY k
            ON CONFLICT (kind, key) DO NOTHING
            """, [.text(kind.rawValue), try PostgresKeySet.parameter(keys)])
    }

    public func withdrawLeases(_ kind: LeaseKind, keys: Set<String>) throws(StoreError) {
        guard !keys.isEmpty else { return }
        try execute("DELETE FROM lease WHERE kind = $1 AND key = ANY (\(PostgresKeySet.sql(2))) AND holder IS NULL",
                    [.text(kind.rawValue), try PostgresKeySet.parameter(keys)])
    }

    public func leaseCount(_ kind: LeaseKind) throws(StoreError) -> Int {
        let rows = try execute("SELECT count(*) AS n FROM lease WHERE kind = $1", [.text(kind.rawValue)])
        return try decoding { () throws(PostgresError) in try rows.first?.value("n") ?? 0 }
    }

    /// Every lease of `kind`; a free one has an empty holder and expires at 1970.
    public func leases(_ kind: LeaseKind) throws(StoreError) -> [LeaseGrant] {
        try grants(try execute("SELECT kind, key, coalesce(holder, '') AS holder, epoch, coalesce(expires_at, 0) AS expires_at FROM lease WHERE kind = $1 ORDER BY key",
                               [.text(kind.rawValue)]))
    }

    /// `FOR UPDATE SKIP LOCKED`: rows another poller is claiming (or a commit is fencing on,
    /// `FOR SHARE`) are passed over, so pollers claiming at once take different leases and
    /// never wait for each other. The epoch rises when the holder changes (a free lease's
    /// holder is NULL, so claiming one always raises it).
    public func claimLeases(_ kind: LeaseKind, holder: String, limit: Int, for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LeaseGrant] {
        guard limit > 0 else { return [] }
        return try grants(try execute("""
            WITH now AS (SELECT \(PostgresClusterSchema.now(1)) AS at),
            free AS (
                SELECT l.kind, l.key FROM lease l, now
                WHERE l.kind = $2 AND (l.holder IS NULL OR l.expires_at <= now.at)
                ORDER BY l.key LIMIT $3
                FOR UPDATE OF l SKIP LOCKED
            )
            UPDATE lease l SET holder = $4,
                epoch = CASE WHEN l.holder IS DISTINCT FROM $4 THEN l.epoch + 1 ELSE l.epoch END,
                expires_at = now.at + $5
            FROM free, now WHERE l.kind = free.kind AND l.key = free.key
            RETURNING l.kind, l.key, l.holder, l.epoch, l.expires_at
            """, [clock.parameter, .text(kind.rawValue), PostgresValue(limit), .text(holder), .double(duration)]))
    }

    /// Only a lease still held by the same holder with the same epoch is extended: one taken
    /// over meanwhile (a new epoch) stays with its new holder.
    public func renewLeases(_ leases: [LeaseGrant], for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> [LeaseGrant] {
        guard !leases.isEmpty else { return [] }
        return try grants(try execute("""
            UPDATE lease l SET expires_at = \(PostgresClusterSchema.now(1)) + $2
            FROM jsonb_array_elements($3::jsonb) AS f (fence)
            WHERE \(Self.fenced)
            RETURNING l.kind, l.key, l.holder, l.epoch, l.expires_at
            """, [clock.parameter, .double(duration), try Self.fences(leases.map(\.fence))]))
    }

    public func releaseLeases(_ leases: [LeaseGrant]) throws(StoreError) {
        guard !leases.isEmpty else { return }
        try execute("""
            UPDATE lease l SET holder = NULL, expires_at = NULL
            FROM jsonb_array_elements($1::jsonb) AS f (fence) WHERE \(Self.fenced)
            """, [try Self.fences(leases.map(\.fence))])
    }

    /// Renewed if `holder` has it (same epoch), claimed (epoch + 1) if free or expired. Two
    /// pollers racing for it update one row: the second waits for the first's commit, then
    /// finds it held and unexpired, and gets `nil`.
    public func leaderLease(holder: String, for duration: TimeInterval, clock: LeaseClock) throws(StoreError) -> LeaseGrant? {
        try transaction { session in
            try session.execute("INSERT INTO lease (kind, key) VALUES ($1, $2) ON CONFLICT (kind, key) DO NOTHING",
                                [.text(LeaseKind.feeds.rawValue), .text(LeaseKind.leaderKey)])
            return try grants(try session.execute("""
                WITH now AS (SELECT \(PostgresClusterSchema.now(1)) AS at)
                UPDATE lease l SET holder = $2,
                    epoch = CASE WHEN l.holder IS DISTINCT FROM $2 THEN l.epoch + 1 ELSE l.epoch END,
                    expires_at = now.at + $3
                FROM now
                WHERE l.kind = $4 AND l.key = $5 AND (l.holder = $2 OR l.holder IS NULL OR l.expires_at <= now.at)
                RETURNING l.kind, l.key, l.holder, l.epoch, l.expires_at
                """, [clock.parameter, .text(holder), .double(duration), .text(LeaseKind.feeds.rawValue), .text(LeaseKind.leaderKey)])).first
        }
    }

    public func holds(_ fences: [LeaseFence], clock: LeaseClock) throws(StoreError) -> Bool {
        try transaction { session in try session.lostLeases(fences, clock: clock).isEmpty }
    }

    /// A row of `lease` whose kind, key, holder and epoch match the JSON fence `f.fence`.
    static let fenced = "l.kind = f.fence ->> 0 AND l.key = f.fence ->> 1 AND l.holder = f.fence ->> 2 AND l.epoch = (f.fence ->> 3)::bigint"

    /// Fences as one JSON parameter: `[[kind, key, holder, epoch], …]`.
    static func fences(_ fences: [LeaseFence]) throws(StoreError) -> PostgresValue {
        try PostgresKeySet.parameter(fences.map { [$0.kind.rawValue, $0.key, $0.holder, String($0.epoch)] })
    }

    func grants(_ rows: PostgresRows) throws(StoreError) -> [LeaseGrant] {
        try decoding { () throws(PostgresError) in
            var grants: [LeaseGrant] = []
            for row in rows {
                guard let kind = LeaseKind(rawValue: try row.value("kind")) else { continue }
                grants.append(LeaseGrant(kind: kind, key: try row.value("key"), holder: try row.value("holder"), epoch: try row.value("epoch"),
                                         expiresAt: Date(timeIntervalSince1970: try row.value("expires_at"))))
            }
            return grants.sorted { ($0.kind.rawValue, $0.key) < ($1.kind.rawValue, $1.key) }
        }
    }
}

extension PostgresSession {
    /// The fencing check, inside the transaction of a commit that depends on `fences`: the
    /// ones not held right now by their holder with their epoch, unexpired on `clock`.
    ///
    /// The held ones are locked `FOR SHARE` until the transaction ends, so nobody takes them
    /// over between this check and the commit: a claim (`FOR UPDATE SKIP LOCKED`) passes a
    /// share-locked row by, and a release or a leader take-over waits for the commit. The
    /// rows are locked in key order, so two commits fencing overlapping sets cannot deadlock
    /// against an update in between.
    public func lostLeases(_ fences: [LeaseFence], clock: LeaseClock) throws(StoreError) -> [LeaseFence] {
        guard !fences.isEmpty else { return [] }
        let held: Set<LeaseFence>
        do {
            let rows = try execute("""
                SELECT l.kind, l.key, l.holder, l.epoch FROM lease l
                JOIN jsonb_array_elements($1::jsonb) AS f (fence) ON \(PostgresStore.fenced)
                WHERE l.expires_at > \(PostgresClusterSchema.now(2))
                ORDER BY l.kind, l.key
                FOR SHARE OF l
                """, [try PostgresStore.fences(fences), clock.parameter])
            var found: Set<LeaseFence> = []
            for row in rows {
                guard let kind = LeaseKind(rawValue: try row.value("kind")) else { continue }
                found.insert(LeaseFence(kind: kind, key: try row.value("key"), holder: try row.value("holder"), epoch: try row.value("epoch")))
            }
            held = found
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("database statement failed: \(error)")
        }
        return fences.filter { !held.contains($0) }
    }

    /// ``lostLeases(_:clock:)`` as a guard: throws, naming the lost leases, so the
    /// surrounding transaction rolls back and commits nothing for them.
    public func requireLeases(_ fences: [LeaseFence], clock: LeaseClock) throws(StoreError) {
        let lost = try lostLeases(fences, clock: clock)
        guard lost.isEmpty else {
            throw StoreError(leaseLost: Messages.Cluster.leasesLost(lost.map { Messages.Cluster.leaseName(kind: $0.kind.rawValue, key: $0.key, epoch: $0.epoch) }))
        }
    }
}
