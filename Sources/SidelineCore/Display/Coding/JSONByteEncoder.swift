/// The `Encoder` a value's `encode(to:)` is given: one per value being encoded, a struct so
/// handing it over allocates nothing. `level` is how many containers enclose the value and
/// `start` where its bytes begin.
struct JSONByteEncoder: Encoder {
    let writer: JSONByteWriter
    let level: Int
    let start: Int

    var codingPath: [any CodingKey] { writer.codingPath(level: level) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer<Key>(writer: writer, frame: writer.object(level: level, start: start)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(writer: writer, frame: writer.array(level: level, start: start))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(writer: writer, level: level, start: start)
    }
}

/// An object's members. Taking a nested container or a super encoder by key would let the
/// parent go on writing while the child is open; those are refused (JSONEncoder takes over).
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let frame: JSONByteWriter.FrameHandle

    var codingPath: [any CodingKey] { writer.codingPath(level: max(frame.index, 0)) }

    mutating func encodeNil(forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        writer.writeNull()
        writer.endMember(member)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        writer.write(value)
        writer.endMember(member)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        writer.write(value)
        writer.endMember(member)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        try writer.write(value)
        writer.endMember(member)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        try writer.write(value)
        writer.endMember(member)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        writer.write(value)
        writer.endMember(member)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer<T: BinaryInteger>(_ value: T, _ key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        writer.write(value)
        writer.endMember(member)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let member = try writer.beginMember(key.stringValue, of: frame)
        try writer.encode(value, key: key)
        writer.endMember(member)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.refused = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(writer: writer, frame: .refused))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.refused = true
        return JSONUnkeyedContainer(writer: writer, frame: .refused)
    }

    mutating func superEncoder() -> any Encoder {
        writer.refused = true
        return JSONByteEncoder(writer: writer, level: -1, start: -1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder()
    }
}

/// An array's elements, written in place.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONByteWriter
    let frame: JSONByteWriter.FrameHandle

    var codingPath: [any CodingKey] { writer.codingPath(level: max(frame.index, 0)) }
    var count: Int { writer.isCurrent(frame) ? writer.frames[frame.index].count : 0 }

    mutating func encodeNil() throws {
        _ = try writer.beginElement(of: frame)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        _ = try writer.beginElement(of: frame)
        writer.write(value)
    }

    mutating func encode(_ value: String) throws {
        _ = try writer.beginElement(of: frame)
        writer.write(value)
    }

    mutating func encode(_ value: Double) throws {
        _ = try writer.beginElement(of: frame)
        try writer.write(value)
    }

    mutating func encode(_ value: Float) throws {
        _ = try writer.beginElement(of: frame)
        try writer.write(value)
    }

    mutating func encode(_ value: Int) throws {
        _ = try writer.beginElement(of: frame)
        writer.write(value)
    }

    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<T: BinaryInteger>(_ value: T) throws {
        _ = try writer.beginElement(of: frame)
        writer.write(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = try writer.beginElement(of: frame)
        try writer.encode(value, key: JSONIndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.refused = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(writer: writer, frame: .refused))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.refused = true
        return JSONUnkeyedContainer(writer: writer, frame: .refused)
    }

    mutating func superEncoder() -> any Encoder {
        writer.refused = true
        return JSONByteEncoder(writer: writer, level: -1, start: -1)
    }
}

/// One value in place of a container (enums with raw values, optionals, wrappers).
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONByteWriter
    let level: Int
    let start: Int

    var codingPath: [any CodingKey] { writer.codingPath(level: max(level, 0)) }

    /// One value, once, and only while no container of this encoder is open.
    private func claim() throws {
        guard !writer.refused, level >= 0, writer.depth == level, writer.output.count == start else {
            throw JSONByteWriter.Unsupported()
        }
    }

    mutating func encodeNil() throws {
        try claim()
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try claim()
        writer.write(value)
    }

    mutating func encode(_ value: String) throws {
        try claim()
        writer.write(value)
    }

    mutating func encode(_ value: Double) throws {
        try claim()
        try writer.write(value)
    }

    mutating func encode(_ value: Float) throws {
        try claim()
        try writer.write(value)
    }

    mutating func encode(_ value: Int) throws {
        try claim()
        writer.write(value)
    }

    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<T: BinaryInteger>(_ value: T) throws {
        try claim()
        writer.write(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try claim()
        // The value takes this encoder's place: same level, same start, same path.
        try writer.encode(value, key: nil)
    }
}
