/// A `Decoder` that decodes nothing: it walks a `Decodable` type's own `init(from:)` and
/// records every key it asks for, with the type and whether it is optional. That is
/// exactly the shape the phone's `JSONDecoder` expects, so the schema cannot drift from
/// the Swift types.
///
/// Optional fields are recognised by `decodeIfPresent`, whose default implementation asks
/// `decodeNil(forKey:)` before `decode(_:forKey:)`.
struct ShapeDecoder: Decoder {
    let box: ShapeBox
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        box.kind = .object
        return KeyedDecodingContainer(ShapeKeyedContainer<Key>(box: box))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        box.kind = .array
        return ShapeUnkeyedContainer(box: box)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        box.kind = .single
        return ShapeSingleContainer(box: box)
    }
}

/// What one ``ShapeDecoder`` learnt about its type.
final class ShapeBox {
    enum Kind { case unknown, object, array, single }
    var kind = Kind.unknown
    var properties: [SchemaNode.Property] = []
    var optionalKeys: Set<String> = []
    var element: SchemaNode?
}

struct ShapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let box: ShapeBox
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        box.optionalKeys.insert(key.stringValue)
        return false
    }

    private func record<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let (node, value) = try SchemaNode.probe(type)
        let required = !box.optionalKeys.contains(key.stringValue)
        box.properties.append(SchemaNode.Property(name: key.stringValue, node: node, required: required))
        return value
    }

    mutating func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try record(type, key) }
    mutating func decode(_ type: String.Type, forKey key: Key) throws -> String { try record(type, key) }
    mutating func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try record(type, key) }
    mutating func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try record(type, key) }
    mutating func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try record(type, key) }
    mutating func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try record(type, key) }
    mutating func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try record(type, key) }
    mutating func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try record(type, key) }
    mutating func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try record(type, key) }
    mutating func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try record(type, key) }
    mutating func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try record(type, key) }
    mutating func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try record(type, key) }
    mutating func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try record(type, key) }
    mutating func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try record(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try record(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw SchemaNode.unsupported("nested keyed container at \(key.stringValue)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SchemaNode.unsupported("nested unkeyed container at \(key.stringValue)")
    }

    func superDecoder() throws -> any Decoder { throw SchemaNode.unsupported("superDecoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw SchemaNode.unsupported("superDecoder") }
}

/// Reports one element, then the end: enough to learn an array's element type.
struct ShapeUnkeyedContainer: UnkeyedDecodingContainer {
    let box: ShapeBox
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(box: ShapeBox) { self.box = box }

    mutating func decodeNil() throws -> Bool { false }

    private mutating func record<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, value) = try SchemaNode.probe(type)
        box.element = node
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try record(type) }
    mutating func decode(_ type: String.Type) throws -> String { try record(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try record(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try record(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try record(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try record(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try record(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try record(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try record(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try record(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try record(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try record(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try record(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try record(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try record(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw SchemaNode.unsupported("nested keyed container in an array")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SchemaNode.unsupported("nested unkeyed container in an array")
    }

    mutating func superDecoder() throws -> any Decoder { throw SchemaNode.unsupported("superDecoder") }
}

struct ShapeSingleContainer: SingleValueDecodingContainer {
    let box: ShapeBox
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    private func record<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, value) = try SchemaNode.probe(type)
        box.element = node
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try record(type) }
    func decode(_ type: String.Type) throws -> String { try record(type) }
    func decode(_ type: Double.Type) throws -> Double { try record(type) }
    func decode(_ type: Float.Type) throws -> Float { try record(type) }
    func decode(_ type: Int.Type) throws -> Int { try record(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try record(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try record(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try record(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try record(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try record(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try record(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try record(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try record(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try record(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try record(type) }
}
