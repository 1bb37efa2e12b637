import Foundation
import GRDB
import GRDBSQLite

/// A statement a transaction runs thousands of times, bound and stepped through the SQLite
/// C API (ADR 017): the lifecycle upsert, the outbox insert and the lifecycle row read of a
/// kickoff pass.
///
/// GRDB's `execute(arguments:)` boxes every argument in a `DatabaseValue` array and, for a
/// text column, wants a `String`: the 2 kB event payload was copied and re-validated as
/// UTF-8 on its way in. Those conversions were a quarter of a commit's CPU. Here each value
/// is bound as it is, and the payload's bytes as text without a copy. Everything else in the
/// store goes through GRDB, and so does this statement's life: GRDB prepares it (inside the
/// transaction GRDB opened) and finalizes it.
///
/// No GRDB transaction observer sees these rows; Sideline registers none.
struct BulkStatement {
    private let statement: Statement
    private let sql: String

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        self.sql = sql
    }

    /// Binds with `bind` (positions from 1), runs the statement to its end, and leaves it
    /// reset with no bindings, ready for the next row.
    func run(_ bind: (Binder) -> Void) throws {
        try stepToEnd(statement.sqliteStatement, bind)
    }

    /// The same, with `text`'s bytes bound as text at `index` without a copy: the caller
    /// vouches they are UTF-8 (the payloads are Sideline's own JSON). They are bound and
    /// stepped inside one `withUnsafeBytes`, the only span in which the pointer is valid.
    func run(text: Data, at index: Int32, _ bind: (Binder) -> Void) throws {
        let handle = statement.sqliteStatement
        try text.withUnsafeBytes { bytes in
            try stepToEnd(handle) { binder in
                binder.bindText(index, bytes, destructor: nil)
                bind(binder)
            }
        }
    }

    /// Binds with `bind`, steps once, and returns the first row's blob at `column` (an empty
    /// array for an empty or NULL value), or `nil` when there is no row. One copy of the
    /// bytes, where a GRDB `Row` made two.
    func firstBlob(column: Int32, _ bind: (Binder) -> Void) throws -> [UInt8]? {
        let handle = statement.sqliteStatement
        return try stepOnce(handle, bind) { code in
            switch code {
            case SQLITE_ROW:
                let count = Int(sqlite3_column_bytes(handle, column))
                guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
                return Array(UnsafeRawBufferPointer(start: bytes, count: count))
            case SQLITE_DONE:
                return nil
            default:
                throw failure(handle)
            }
        }
    }

    private func failure(_ handle: SQLiteStatement) -> DatabaseError {
        let connection = sqlite3_db_handle(handle)
        let message = sqlite3_errmsg(connection).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)), message: message, sql: sql)
    }

    /// Binds, steps once, hands the result code to `outcome`, and leaves the statement
    /// reset with no bindings, whatever happened.
    private func stepOnce<T>(_ handle: SQLiteStatement, _ bind: (Binder) -> Void, _ outcome: (Int32) throws -> T) throws -> T {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        bind(Binder(handle: handle))
        return try outcome(sqlite3_step(handle))
    }

    /// For a statement that returns no rows: one step must finish it.
    private func stepToEnd(_ handle: SQLiteStatement, _ bind: (Binder) -> Void) throws {
        try stepOnce(handle, bind) { code in
            guard code == SQLITE_DONE else { throw failure(handle) }
        }
    }

    /// Binds one row's values. SQLite copies text and blobs (`SQLITE_TRANSIENT`).
    struct Binder {
        let handle: SQLiteStatement

        /// SQLite's "copy it now" destructor, which the C headers spell as a cast of -1.
        private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

        func int(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
        func bool(_ index: Int32, _ value: Bool) { sqlite3_bind_int64(handle, index, value ? 1 : 0) }
        func double(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }

        func text(_ index: Int32, _ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                bindText(index, UnsafeRawBufferPointer(utf8), destructor: Self.transient)
            }
        }

        func blob(_ index: Int32, _ bytes: [UInt8]) {
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress {
                    sqlite3_bind_blob(handle, index, base, Int32(raw.count), Self.transient)
                } else {
                    // An empty blob is a blob, not NULL (a null pointer would bind NULL).
                    sqlite3_bind_zeroblob(handle, index, 0)
                }
            }
        }

        fileprivate func bindText(_ index: Int32, _ bytes: UnsafeRawBufferPointer, destructor: sqlite3_destructor_type?) {
            let pointer = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            if let pointer {
                sqlite3_bind_text(handle, index, pointer, Int32(bytes.count), destructor)
            } else {
                // Empty text is text, not NULL.
                sqlite3_bind_text(handle, index, "", 0, Self.transient)
            }
        }
    }
}
