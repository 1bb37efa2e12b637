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
        guard level >= 0, depth == level, output.count == start else {
            // A second container of another kind, or one after a single value: JSONEncoder's
            // to merge or to refuse.
            refused = true
            return .refused
        }
        serials += 1
        if !isObject { output.append(UInt8(ascii: "[")) }
        frames.append(Frame(isObject: isObject, start: output.count - (isObject ? 0 : 1), firstMember: members.count, serial: serials))
        return FrameHandle(index: level, serial: serials)
    }

    /// Whether `handle` is the innermost open container: the only one `Codable` may write to.
    func isCurrent(_ handle: FrameHandle) -> Bool {
        handle.index >= 0 && handle.index == depth - 1 && frames[handle.index].serial == handle.serial
    }

    /// A member being written: where it starts, and its key.
    struct PendingMember {
        let start: Int
        let high: UInt64
        let low: UInt64
        let keyStart: Int
        let keyEnd: Int
    }

    /// Writes `"key":` for a member of the object `handle`.
    func beginMember(_ key: String, of handle: FrameHandle) throws -> PendingMember {
        guard !refused, isCurrent(handle) else { throw Unsupported() }
        let start = output.count
        let keyStart = keys.count
        var key = key
        let prefix = try key.withUTF8 { utf8 -> (UInt64, UInt64) in
            var high: UInt64 = 0, low: UInt64 = 0
            var plain = true
            for index in 0..<utf8.count {
                let byte = utf8[index]
                // Non-ASCII keys could be canonically equal to another key (a String
                // equality, which JSONEncoder's dictionary merges): leave those to it.
                guard byte < 0x80 else { throw Unsupported() }
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { plain = false }
                if index < 8 {
                    high |= UInt64(byte) << (56 - 8 * index)
                } else if index < 16 {
                    low |= UInt64(byte) << (56 - 8 * (index - 8))
                }
            }
            keys.append(contentsOf: utf8)
            if plain {
                // The usual key: nothing to escape, so no second look at its bytes.
                output.append(UInt8(ascii: "\""))
                output.append(utf8)
                output.append(UInt8(ascii: "\""))
            } else {
                writeQuoted(utf8)
            }
            return (high, low)
        }
        output.append(UInt8(ascii: ":"))
        return PendingMember(start: start, high: prefix.0, low: prefix.1, keyStart: keyStart, keyEnd: keys.count)
    }

    /// Records the member once its value is written.
    func endMember(_ member: PendingMember) {
        members.append(Member(high: member.high, low: member.low, start: member.start, end: output.count, keyStart: member.keyStart, keyEnd: member.keyEnd))
    }

    /// Writes the comma before an element of the array `handle`; returns the element's index.
    func beginElement(of handle: FrameHandle) throws -> Int {
        guard !refused, isCurrent(handle) else { throw Unsupported() }
        let index = frames[handle.index].count
        if index > 0 { output.append(UInt8(ascii: ",")) }
        frames[handle.index].count = index + 1
        return index
    }

    /// Closes the innermost container. An object's members are put in the order of their
    /// keys' UTF-8 bytes, as JSONEncoder's `.sortedKeys` does.
    func close() throws {
        let frame = frames.removeLast()
        guard frame.isObject else { return output.append(UInt8(ascii: "]")) }
        let first = frame.firstMember
        let count = members.count - first
        // Its members' keys are the last ones written, as its members are the last members.
        let firstKey = count > 0 ? members[first].keyStart : keys.count
        defer {
            members.removeLast(count)
            keys.removeLast(keys.count - firstKey)
        }
        if count > 1 {
            try members.withUnsafeMutableBufferPointer { all in
                let open = UnsafeMutableBufferPointer(rebasing: all[first...])
                insertionSort(open)
                for index in 1..<open.count where sameKey(open[index - 1], open[index]) {
                    // The same key twice: JSONEncoder keeps the last value; leave it to it.
                    throw Unsupported()
                }
            }
        }
        // The members as written, then over them: `{`, the members in order, commas, `}`.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: output.bytes(from: frame.start))
        output.extend(by: 2 + max(count - 1, 0))
        output.withBytes { bytes in
            scratch.withUnsafeBufferPointer { written in
                var cursor = frame.start
                bytes[cursor] = UInt8(ascii: "{")
                cursor += 1
                for index in first..<(first + count) {
                    let member = members[index]
                    if index > first {
                        bytes[cursor] = UInt8(ascii: ",")
                        cursor += 1
                    }
                    let length = member.end - member.start
                    (bytes.baseAddress! + cursor).update(from: written.baseAddress! + (member.start - frame.start), count: length)
                    cursor += length
                }
                bytes[cursor] = UInt8(ascii: "}")
            }
        }
    }

    /// An object has tens of members at most, often partly in order: insertion sort moves
    /// the few plain structs it must, allocates nothing, and is stable (equal keys are
    /// refused after it anyway).
    private func insertionSort(_ members: UnsafeMutableBufferPointer<Member>) {
        for index in 1..<members.count {
            let member = members[index]
            var slot = index
            while slot > 0, precedes(member, members[slot - 1]) {
                members[slot] = members[slot - 1]
                slot -= 1
            }
            members[slot] = member
        }
    }

    /// Orders keys as their bytes do: the 16-byte prefixes decide unless equal (equal
    /// prefixes, or a NUL against the padding), then the whole keys.
    func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        if lhs.high != rhs.high { return lhs.high < rhs.high }
        if lhs.low != rhs.low { return lhs.low < rhs.low }
        return keys[lhs.keyStart..<lhs.keyEnd].lexicographicallyPrecedes(keys[rhs.keyStart..<rhs.keyEnd])
    }

    private func sameKey(_ lhs: Member, _ rhs: Member) -> Bool {
        lhs.high == rhs.high && lhs.low == rhs.low && keys[lhs.keyStart..<lhs.keyEnd].elementsEqual(keys[rhs.keyStart..<rhs.keyEnd])
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
