import Foundation

/// A small binary format for the two row kinds a game-day pass writes by the thousand:
/// lifecycle states and matchups snapshots (ADR 012).
///
/// Why not JSON: at 50,000 registrations a kickoff pass encodes tens of thousands of
/// lifecycle rows, and `JSONEncoder` was a quarter of the pass's CPU; the scheduler also
/// keeps every lifecycle row in memory, and the decoded structs cost ~15 kB each. These
/// rows are private to the store (no other program reads them), so the format only has to
/// round-trip exactly and be cheap: varints, raw IEEE doubles, length-prefixed UTF-8.
struct CompactWriter {
    private var buffer: [UInt8] = []

    /// The encoded row, in a buffer of its own size (rows live in memory between passes).
    var bytes: [UInt8] { buffer.capacity > buffer.count + 64 ? Array(buffer[...]) : buffer }

    init(version: UInt8, capacity: Int = 256) {
        buffer.reserveCapacity(capacity)
        buffer.append(version)
    }

    mutating func int(_ value: Int) {
        // Zigzag, then LEB128: small numbers of either sign take one byte.
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        buffer.append(UInt8(rest))
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { buffer.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { buffer.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            buffer.append(contentsOf: utf8)
        }
    }

    mutating func date(_ value: Date) { double(value.timeIntervalSince1970) }

    /// A presence byte, then the value when there is one.
    mutating func optional<T>(_ value: T?, _ write: (inout CompactWriter, T) -> Void) {
        guard let value else { return bool(false) }
        bool(true)
        write(&self, value)
    }

    mutating func array<T>(_ values: [T], _ write: (inout CompactWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

/// A row the reader could not make sense of (truncated, or written by a newer version).
struct CompactCodingError: Error, CustomStringConvertible {
    let description: String
}

struct CompactReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// The row's format version, for a layout that grew: what a newer version appended is
    /// read only from rows of that version.
    let version: UInt8

    /// Checks the leading version byte.
    init(_ bytes: [UInt8], version: UInt8, what: String) throws {
        try self.init(bytes, versions: version...version, what: what)
    }

    /// Checks that the leading version byte is one of `versions`.
    init(_ bytes: [UInt8], versions: ClosedRange<UInt8>, what: String) throws {
        guard let first = bytes.first, versions.contains(first) else {
            throw CompactCodingError(description: "\(what): unknown row format \(bytes.first.map(String.init) ?? "(empty)")")
        }
        self.bytes = bytes
        version = first
        offset = 1
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw CompactCodingError(description: "row ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func int() throws -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw CompactCodingError(description: "integer too long") }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { break }
            shift += 7
        }
        // Undo the zigzag with unsigned shifts (a signed one would smear the sign bit).
        return Int(Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1))))
    }

    mutating func double() throws -> Double {
        guard offset + 8 <= bytes.count else { throw CompactCodingError(description: "row ends early") }
        var pattern: UInt64 = 0
        for index in 0..<8 { pattern |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: pattern)
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw CompactCodingError(description: "not a flag")
        }
    }

    mutating func string() throws -> String {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw CompactCodingError(description: "row ends early") }
        defer { offset += count }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[offset..<(offset + count)], as: UTF8.self) }
    }

    mutating func date() throws -> Date { Date(timeIntervalSince1970: try double()) }

    mutating func optional<T>(_ read: (inout CompactReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout CompactReader) throws -> T) throws -> [T] {
        let count = try int()
        // Every element takes at least a byte: a corrupt count cannot reserve gigabytes.
        guard count >= 0, count <= bytes.count - offset else { throw CompactCodingError(description: "bad count") }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}
