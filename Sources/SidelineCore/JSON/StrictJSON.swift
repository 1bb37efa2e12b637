import Foundation

/// Why a body or file is not strict JSON.
public enum StrictJSONError: Error, Sendable, Equatable {
    case malformed
    /// The same key twice in one object; the name as it was sent.
    case duplicateKey(String)
}

/// JSON read strictly: valid, and with no key twice in any object.
///
/// Foundation keeps one of two equal keys without a word (`JSONDecoder` and
/// `JSONSerialization` alike; `StrictJSONTests` pins it), so `{"environment": "production",
/// "environment": "sandbox"}` would mean one thing here and another to a proxy that keeps
/// the other value. Foundation validates the syntax; ``firstDuplicateKey(in:)`` then walks
/// the bytes once to find repeated keys, which no Foundation API reports.
public enum StrictJSON {
    public static func parse(_ data: Data) throws(StrictJSONError) -> JSONValue {
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: data) } catch { throw .malformed }
        if let key = try firstDuplicateKey(in: Array(data)) { throw .duplicateKey(key) }
        return value
    }

    private enum Frame {
        case object(keys: Set<String>, expectingKey: Bool)
        case array
    }

    /// The first key that appears twice in one object of `bytes`, which must already be valid
    /// JSON. Keys compare as Swift strings do (escapes decoded, canonically equivalent forms
    /// equal), as they would as keys of the decoded dictionary.
    static func firstDuplicateKey(in bytes: [UInt8]) throws(StrictJSONError) -> String? {
        var stack: [Frame] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): stack.append(.object(keys: [], expectingKey: true))
            case UInt8(ascii: "["): stack.append(.array)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { throw .malformed }
            case UInt8(ascii: ","):
                if case .object(let keys, _)? = stack.last { stack[stack.count - 1] = .object(keys: keys, expectingKey: true) }
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { escaped = true; index += 1 }
                    index += 1
                }
                guard index < bytes.count else { throw .malformed }
                if case .object(var keys, true)? = stack.last {
                    let key = try text(of: bytes[start...index], escaped: escaped)
                    guard keys.insert(key).inserted else { return key }
                    stack[stack.count - 1] = .object(keys: keys, expectingKey: false)
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A string literal's text (quotes included in `literal`).
    private static func text(of literal: ArraySlice<UInt8>, escaped: Bool) throws(StrictJSONError) -> String {
        guard escaped else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        do { return try JSONDecoder().decode(String.self, from: Data(literal)) } catch { throw .malformed }
    }
}
