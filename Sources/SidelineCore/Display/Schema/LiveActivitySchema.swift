import Foundation
import SidelineActivity

/// A JSON Schema (draft 2020-12) of the Live Activity attributes and content state,
/// generated from the Swift types themselves; `sideline schema` prints it.
public enum LiveActivitySchema {
    static var rootTypes: [any Decodable.Type] { [LiveActivityAttributes.self, LiveActivityContentState.self] }

    /// The schema document, pretty-printed with sorted keys (stable across runs).
    public static func jsonSchema() -> String {
        var definitions: [String: SchemaJSON] = [:]
        var roots: [SchemaJSON] = []
        for type in rootTypes {
            // The model types are plain structs; a failure here is a programming error
            // that the schema golden test reports.
            guard let node = try? probe(type) else { continue }
            roots.append(reference(node, into: &definitions))
        }
        let document: SchemaJSON = .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string("Sideline Live Activity"),
            "description": .string(
                "LiveActivityAttributes (sent once, with a push-to-start) and LiveActivityContentState "
                    + "(aps.content-state of every push). Instants are Unix seconds. Fields added after "
                    + "version 1 are optional."
            ),
            "x-schema-version": .integer(LiveActivitySchemaVersion.current),
            "anyOf": .array(roots),
            "$defs": .object(definitions),
        ])
        return document.rendered()
    }

    private static func probe<T: Decodable>(_ type: T.Type) throws -> SchemaNode {
        try SchemaNode.probe(type).0
    }

    /// The schema for `node`, with every struct moved to `$defs` and referenced.
    private static func reference(_ node: SchemaNode, into definitions: inout [String: SchemaJSON]) -> SchemaJSON {
        switch node {
        case .string: return .object(["type": .string("string")])
        case .integer: return .object(["type": .string("integer")])
        case .number: return .object(["type": .string("number")])
        case .boolean: return .object(["type": .string("boolean")])
        case .enumeration(let values):
            return .object(["type": .string("string"), "enum": .array(values.map(SchemaJSON.string))])
        case .array(let element):
            return .object(["type": .string("array"), "items": reference(element, into: &definitions)])
        case .object(let name, let properties):
            var schemas: [String: SchemaJSON] = [:]
            for property in properties {
                schemas[property.name] = reference(property.node, into: &definitions)
            }
            definitions[name] = .object([
                "type": .string("object"),
                "properties": .object(schemas),
                "required": .array(properties.filter(\.required).map { .string($0.name) }),
            ])
            return .object(["$ref": .string("#/$defs/\(name)")])
        }
    }
}

/// Just enough JSON to write a schema with `JSONEncoder`.
indirect enum SchemaJSON: Encodable {
    case string(String)
    case integer(Int)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    func rendered() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
