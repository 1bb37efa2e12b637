/// Objects and arrays: opening, members, elements, closing in key order.
extension JSONByteWriter {
    /// A container's claim on its frame: the slot, and the serial of the use it was given.
    struct FrameHandle {
        let index: Int
        let serial: Int

        /// For containers handed out only to be refused: never current.
        static let refused = FrameHandle(index: -1, serial: -1)
    }

    /// The object for the encoder at `level`, opened now or (asked again) the one it opened.
    func object(level: Int, start: Int) -> FrameHandle {
        open(isObject: true, level: level, start: start)
    }

    /// The array for the encoder at `level`, opened now or (asked again) the one it opened.
    func array(level: Int, start: Int) -> FrameHandle {
        open(isObject: false, level: level, start: start)
    }

    private func open(isObject: Bool, level: Int, start: Int) -> FrameHandle {
        if level >= 0, depth == level + 1, frames[level].isObject == isObject, frames[level].start == start {
            return FrameHandle(index: level, serial: frames[level].serial)
        }
        guard level >= 0, depth == level, bytes.count == start else {
            // A second container of another kind, or one after a single value: JSONEncoder's
            // to merge or to refuse.
            refused = true
            return .refused
        }
        serials += 1
        if !isObject { bytes.append(UInt8(ascii: "[")) }
        frames.append(Frame(isObject: isObject, start: bytes.count - (isObject ? 0 : 1), firstMember: members.count, serial: serials))
        return FrameHandle(index: level, serial: serials)
    }

    /// Whether `handle` is the innermost open container: the only one `Codable` may write to.
    func isCurrent(_ handle: FrameHandle) -> Bool {
        handle.index >= 0 && handle.index == depth - 1 && frames[handle.index].serial == handle.serial
    }

    /// Writes `"key":` for a member of the object `handle`; returns where the member starts.
    func beginMember(_ key: String, of handle: FrameHandle) throws -> Int {
        guard !refused, isCurrent(handle) else { throw Unsupported() }
        let start = bytes.count
        // Non-ASCII keys could be canonically equal to another key (a String equality,
        // which JSONEncoder's dictionary merges): leave those to it.
        guard writeString(key) else { throw Unsupported() }
        bytes.append(UInt8(ascii: ":"))
        return start
    }

    func endMember(_ key: String, start: Int) {
        members.append(Member(key: key, prefix: Self.prefix(of: key), start: start, end: bytes.count))
    }

    /// Writes the comma before an element of the array `handle`; returns the element's index.
    func beginElement(of handle: FrameHandle) throws -> Int {
        guard !refused, isCurrent(handle) else { throw Unsupported() }
        let index = frames[handle.index].count
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[handle.index].count = index + 1
        return index
    }

    /// Closes the innermost container. An object's members are put in the order of their
    /// keys' UTF-8 bytes, as JSONEncoder's `.sortedKeys` does.
    func close() throws {
        let frame = frames.removeLast()
        guard frame.isObject else { return bytes.append(UInt8(ascii: "]")) }
        let first = frame.firstMember
        members[first...].sort(by: Self.precedes)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: "{"))
        for index in first..<members.count {
            let member = members[index]
            if index > first {
                // The same key twice: JSONEncoder keeps the last value; leave it to it.
                if members[index - 1].prefix == member.prefix, members[index - 1].key == member.key { throw Unsupported() }
                scratch.append(UInt8(ascii: ","))
            }
            scratch.append(contentsOf: bytes[member.start..<member.end])
        }
        scratch.append(UInt8(ascii: "}"))
        bytes.removeSubrange(frame.start...)
        bytes.append(contentsOf: scratch)
        members.removeSubrange(first...)
    }

    static func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        if lhs.prefix.0 != rhs.prefix.0 { return lhs.prefix.0 < rhs.prefix.0 }
        if lhs.prefix.1 != rhs.prefix.1 { return lhs.prefix.1 < rhs.prefix.1 }
        return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
    }

    /// The first 16 bytes of `key` as two big-endian integers, zero-padded. Comparing them
    /// orders keys as their bytes do, except that a tie (equal first 16 bytes, or a NUL
    /// against the padding) says nothing: ``precedes(_:_:)`` then compares whole keys.
    static func prefix(of key: String) -> (UInt64, UInt64) {
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in key.utf8.prefix(16).enumerated() {
            if index < 8 {
                high |= UInt64(byte) << (56 - 8 * index)
            } else {
                low |= UInt64(byte) << (56 - 8 * (index - 8))
            }
        }
        return (high, low)
    }

    /// The keys leading to the encoder at `level`, for `codingPath`.
    func codingPath(level: Int) -> [any CodingKey] {
        guard level > 0 else { return [] }
        return frames.prefix(level).compactMap(\.childKey)
    }
}

/// An array position as a coding key, for `codingPath` inside arrays.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
