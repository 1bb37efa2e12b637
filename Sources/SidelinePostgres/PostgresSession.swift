import CLibPQ
import Foundation
import SidelineCore

/// The connection while its lock is held: what ``PostgresConnection/withSession(_:)`` and
/// ``PostgresConnection/transaction(_:)`` hand their body. Valid only inside that body
/// (it is not `Sendable`, so it cannot leave for another task).
public struct PostgresSession {
    let handle: OpaquePointer
    let url: PostgresURL

    /// Runs one statement with `parameters` as `$1`, `$2`, … and reads its result whole.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresRows {
        let encoded = try parameters.map { value throws(PostgresError) in try value.encoded() }
        // libpq reads each parameter up to its length (binary) or its NUL (text): each gets
        // a buffer of its own with a NUL after it, freed when the call returns.
        let buffers: [UnsafeMutableBufferPointer<CChar>?] = encoded.map { parameter in
            parameter.map { parameter in
                let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: parameter.bytes.count + 1)
                _ = buffer.initialize(from: parameter.bytes.lazy.map { CChar(bitPattern: $0) })
                buffer[parameter.bytes.count] = 0
                return buffer
            }
        }
        defer { for buffer in buffers { buffer?.deallocate() } }
        let values: [UnsafePointer<CChar>?] = buffers.map { $0.map { UnsafePointer($0.baseAddress!) } }
        let lengths: [Int32] = encoded.map { Int32($0?.bytes.count ?? 0) }
        let formats: [Int32] = encoded.map { ($0?.binary ?? false) ? 1 : 0 }
        guard let result = PQexecParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0) else {
            throw failure(nil)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(result) }
        return try Self.rows(result)
    }

    /// The error of a failed statement: the server's SQLSTATE and message when it sent
    /// them, libpq's message otherwise (no result: out of memory or the connection gone).
    func failure(_ result: OpaquePointer?) -> PostgresError {
        let lost = PQstatus(handle) != CONNECTION_OK
        guard let result, let primary = Self.field(result, "M") else {
            let message = PostgresError.scrubbed(Self.text(PQerrorMessage(handle)), password: url.password)
            return PostgresError(lost ? Messages.Postgres.connectionLost(url.description, message) : message, connectionLost: lost)
        }
        let state = Self.field(result, "C")
        let detail = Self.field(result, "D").map { ": \($0)" } ?? ""
        let message = PostgresError.scrubbed(primary + detail, password: url.password)
        return PostgresError(message, sqlState: state, connectionLost: lost || PostgresError.isConnectionState(state))
    }

    static func field(_ result: OpaquePointer, _ code: Unicode.Scalar) -> String? {
        PQresultErrorField(result, Int32(code.value)).map { String(cString: $0) }
    }

    static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
    }

    /// `bytea`'s type OID: its cells are unescaped to bytes, every other type stays text.
    static let byteaOID: Oid = 17

    static func rows(_ result: OpaquePointer) throws(PostgresError) -> PostgresRows {
        let columnCount = PQnfields(result)
        let names = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let isBytes = (0..<columnCount).map { PQftype(result, $0) == byteaOID }
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        let rows = try (0..<PQntuples(result)).map { row throws(PostgresError) in
            PostgresRow(columnIndex: index, cells: try (0..<columnCount).map { column throws(PostgresError) in
                try cell(result, row: row, column: column, bytes: isBytes[Int(column)])
            })
        }
        return PostgresRows(columns: names, rows: rows, affectedRows: Int(String(cString: PQcmdTuples(result))) ?? 0)
    }

    static func cell(_ result: OpaquePointer, row: Int32, column: Int32, bytes: Bool) throws(PostgresError) -> PostgresCell {
        if PQgetisnull(result, row, column) == 1 { return .null }
        let raw = UnsafeRawPointer(PQgetvalue(result, row, column)!).assumingMemoryBound(to: UInt8.self)
        guard bytes else {
            return .text(String(decoding: UnsafeBufferPointer(start: raw, count: Int(PQgetlength(result, row, column))), as: UTF8.self))
        }
        // The text form of bytea is `\x` and hex; libpq's own function reads it.
        var length = 0
        guard let unescaped = PQunescapeBytea(raw, &length) else { throw PostgresError(Messages.Postgres.outOfMemory) }
        defer { PQfreemem(unescaped) }
        return .bytes(Data(bytes: unescaped, count: length))
    }
}
