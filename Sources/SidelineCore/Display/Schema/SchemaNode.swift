/// The shape of one encoded value, as learnt by ``ShapeDecoder``.
indirect enum SchemaNode: Equatable {
    case string, integer, number, boolean
    case enumeration([String])
    case array(SchemaNode)
    /// A named struct; its definition goes in `$defs`.
    case object(name: String, properties: [Property])

    struct Property: Equatable {
        let name: String
        let node: SchemaNode
        let required: Bool
    }

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func unsupported(_ what: String) -> Unsupported {
        Unsupported(description: "The schema generator does not handle \(what); keep the model types plain.")
    }

    /// The shape of `type` and a placeholder value of it, so the caller's `init(from:)` can go on.
    static func probe<T: Decodable>(_ type: T.Type) throws -> (SchemaNode, T) {
        if let value = "" as? T, T.self == String.self { return (.string, value) }
        if let value = false as? T, T.self == Bool.self { return (.boolean, value) }
        if T.self == Double.self || T.self == Float.self, let value = (0.0 as Double) as? T ?? (Float(0) as? T) {
            return (.number, value)
        }
        if let integer = integerPlaceholder(type) { return (.integer, integer) }
        if let caseType = type as? any CaseIterable.Type, let (values, first) = enumCases(caseType),
           let value = first as? T {
            return (.enumeration(values), value)
        }
        let box = ShapeBox()
        let value = try T(from: ShapeDecoder(box: box))
        switch box.kind {
        case .object:
            return (.object(name: String(describing: T.self), properties: box.properties), value)
        case .array:
            guard let element = box.element else { throw unsupported("an array of unknown elements") }
            return (.array(element), value)
        case .single:
            guard let element = box.element else { throw unsupported("an empty single value") }
            return (element, value)
        case .unknown:
            throw unsupported("\(T.self), which decodes nothing")
        }
    }

    private static func integerPlaceholder<T>(_ type: T.Type) -> T? {
        let zeros: [Any] = [0 as Int, 0 as Int8, 0 as Int16, 0 as Int32, 0 as Int64,
                            0 as UInt, 0 as UInt8, 0 as UInt16, 0 as UInt32, 0 as UInt64]
        return zeros.lazy.compactMap { $0 as? T }.first
    }

    /// String raw values of a `CaseIterable` enum, in declaration order, and its first case.
    private static func enumCases<E: CaseIterable>(_ type: E.Type) -> ([String], Any)? {
        let cases = Array(type.allCases)
        let raws = cases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
        guard let first = cases.first, raws.count == cases.count else { return nil }
        return (raws, first)
    }
}
