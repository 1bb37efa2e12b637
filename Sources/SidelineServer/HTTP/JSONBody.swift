import Foundation
import Hummingbird
import SidelineCore

/// A request body read strictly: at most 16 KB, a JSON object with no key twice, only the
/// fields the endpoint knows, each of the right type. Every problem is a 4xx with a message
/// that repeats none of the body's values.
struct JSONBody: Sendable {
    static let maximumSize = 16 * 1024

    let fields: [String: JSONValue]

    /// Reads the body of `request` and checks its field names against `allowed`.
    static func read(_ request: Request, allowed: Set<String>) async throws -> JSONBody {
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIError.notJSON
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError.bodyTooLarge
        }
        let value: JSONValue
        do {
            value = try StrictJSON.parse(Data(buffer.readableBytesView))
        } catch {
            switch error {
            case .malformed: throw APIError.malformedJSON
            case .duplicateKey(let name): throw APIError.invalidBody(Messages.Server.duplicateField(name))
            }
        }
        guard case .object(let fields) = value else { throw APIError.invalidBody(Messages.Server.notAnObject) }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.invalidBody(Messages.Server.unknownField(unknown))
        }
        return JSONBody(fields: fields)
    }

    /// A string field; `nil` when absent or `null` and not required.
    func string(_ name: String, required: Bool = false) throws(APIError) -> String? {
        switch fields[name] {
        case .string(let value)?: return value
        case nil, .null?:
            if required { throw APIError.invalidBody(Messages.Server.missingField(name)) }
            return nil
        default: throw APIError.invalidBody(Messages.Server.wrongType(name, "a string"))
        }
    }

    func requiredString(_ name: String) throws(APIError) -> String {
        guard let value = try string(name, required: true) else { throw APIError.invalidBody(Messages.Server.missingField(name)) }
        return value
    }

    /// A list of strings; `[]` when absent.
    func strings(_ name: String) throws(APIError) -> [String] {
        switch fields[name] {
        case nil, .null?: return []
        case .array(let items)?:
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw APIError.invalidBody(Messages.Server.wrongType(name, "a list of strings")) }
                result.append(text)
            }
            return result
        default: throw APIError.invalidBody(Messages.Server.wrongType(name, "a list of strings"))
        }
    }

    func environment(_ name: String, required: Bool) throws(APIError) -> PushEnvironment? {
        guard let text = try string(name, required: required) else { return nil }
        guard let environment = PushEnvironment(rawValue: text) else { throw APIError.invalidBody(Messages.Server.badEnvironment(name)) }
        return environment
    }
}
