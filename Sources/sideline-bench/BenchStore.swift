import Foundation
import SidelinePostgres

/// Which store a run's scheduler uses (issue 31): the SQLite file, as every run before, or
/// a PostgreSQL server (`--store postgres --postgres-url URL`, or SIDELINE_BENCH_POSTGRES_URL),
/// each run in a schema of its own that is dropped afterwards, so the side-by-side figures
/// show what the network store costs a pass.
enum BenchStore: Sendable, Hashable {
    case sqlite
    case postgres(url: String)

    var name: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// `--store sqlite|postgres|both` (default sqlite); `nil`: not one of those, or postgres
    /// without a server's URL.
    static func parse(_ option: String?, url: String?) -> [BenchStore]? {
        switch option ?? "sqlite" {
        case "sqlite": return [.sqlite]
        case "postgres": return url.map { [.postgres(url: $0)] }
        case "both": return url.map { [.sqlite, .postgres(url: $0)] }
        default: return nil
        }
    }

    /// A fresh schema on the server and the `store.url` that uses it (libpq's `options`
    /// setting its search path); `drop` removes it and everything in it.
    static func freshSchema(_ url: String) throws -> (storeURL: String, drop: @Sendable () -> Void) {
        let server = try PostgresURL(url)
        let schema = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: server).execute("CREATE SCHEMA \(schema)")
        let separator = url.contains("?") ? "&" : "?"
        let storeURL = url + separator + "options=-c%20search_path%3D" + schema
        return (storeURL, {
            do {
                try PostgresConnection(url: server).execute("DROP SCHEMA \(schema) CASCADE")
            } catch {
                BenchMain.log("  could not drop the benchmark's schema \(schema): \(error)")
            }
        })
    }
}
