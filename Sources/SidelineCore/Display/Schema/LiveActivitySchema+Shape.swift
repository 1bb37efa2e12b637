import SidelineActivity

extension LiveActivitySchema {
    /// The encoded shape as one line per field, `Type.field: type` (`?` marks optional),
    /// sorted. The schema golden test compares it per version: readable in a diff, and it
    /// changes exactly when what the phone decodes changes.
    public static func shapeSummary() -> String {
        var lines: Set<String> = []
        for type in rootTypes {
            guard let node = try? probeNode(type) else { continue }
            collect(node, into: &lines)
        }
        return lines.sorted().joined(separator: "\n")
    }

    private static func probeNode<T: Decodable>(_ type: T.Type) throws -> SchemaNode {
        try SchemaNode.probe(type).0
    }

    private static func collect(_ node: SchemaNode, into lines: inout Set<String>) {
        switch node {
        case .array(let element):
            collect(element, into: &lines)
        case .object(let name, let properties):
            for property in properties {
                lines.insert("\(name).\(property.name)\(property.required ? "" : "?"): \(describe(property.node))")
                collect(property.node, into: &lines)
            }
        case .string, .integer, .number, .boolean, .enumeration:
            break
        }
    }

    private static func describe(_ node: SchemaNode) -> String {
        switch node {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .enumeration(let values): "enum(\(values.joined(separator: "|")))"
        case .array(let element): "[\(describe(element))]"
        case .object(let name, _): name
        }
    }
}
