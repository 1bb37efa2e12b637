import Foundation
import GRDB

/// Reads a set of keys with one statement per chunk (`… IN (?, ?, …)`) instead of one per
/// key (issue 31): on SQLite the difference is small, over a network it is one round trip
/// instead of thousands per pass, and the roles' set-shaped reads should cost the same on
/// every store.
enum SetRead {
    /// Keys bound per statement: well under SQLite's limit on bound parameters (999 before
    /// 3.32, 32,766 since), leaving room for a statement's other parameters.
    static let chunkSize = 500

    /// `?, ?, ?` for `count` keys.
    static func placeholders(_ count: Int) -> String {
        String(repeating: "?, ", count: max(0, count - 1)) + (count > 0 ? "?" : "")
    }

    /// Runs `body` on successive chunks of at most ``chunkSize`` keys.
    static func chunked<Key>(_ keys: [Key], _ body: (ArraySlice<Key>) throws -> Void) rethrows {
        var start = keys.startIndex
        while start < keys.endIndex {
            let end = min(start + chunkSize, keys.endIndex)
            try body(keys[start..<end])
            start = end
        }
    }

    /// A statement for a chunk: full chunks share one cached statement, the last its own.
    static func statement(_ db: Database, _ sql: (String) -> String, count: Int) throws -> Statement {
        try db.cachedStatement(sql: sql(placeholders(count)))
    }
}
