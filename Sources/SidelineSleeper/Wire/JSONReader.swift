/// Checks the structure of a JSON text and records it as ``JSONNode``s.
///
/// By default it accepts exactly what `JSONDecoder` (swift-foundation) accepts, because the
/// fast matchups path must fail where the Codable one fails and nowhere else. That is
/// RFC 8259 with two differences `JSONDecoder` has:
/// - a trailing comma is allowed in arrays and objects (`[1,]`, `{"a":1,}`);
/// - string contents (escapes, control characters, UTF-8) and number syntax are checked
///   only when the value is read, so a malformed value nobody reads does not fail the
///   body. The scan still needs the string's closing quote (a `\u` must be followed by
///   four bytes, none a quote) and takes a number as the run of `0-9 . + - e E` after a
///   digit or `-`.
///
/// `strict` removes both differences: every string and number is checked as it is
/// scanned, and trailing commas are refused. Either way nesting stops at
/// ``maximumDepth``, as in `JSONDecoder`, so a hostile body cannot exhaust the stack.
struct JSONReader {
    /// `JSONDecoder`'s limit: 512 nested arrays or objects are fine, the 513th is refused.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private let strict: Bool
    private var position = 0
    private var depth = 0
    private var nodes: [JSONNode] = []

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, strict: Bool = false) throws(JSONReadError) -> [JSONNode] {
        guard bytes.count < Int(UInt32.max) else { throw JSONReadError(message: "body too large", offset: nil) }
        var reader = JSONReader(bytes: bytes, strict: strict)
        // About one node per six bytes in Sleeper's bodies; growing past it only costs a copy.
        reader.nodes.reserveCapacity(bytes.count / 6 + 4)
        try reader.value()
        while reader.position < bytes.count {
            guard isWhitespace(bytes[reader.position]) else { throw reader.unexpected("after the top-level value") }
            reader.position += 1
        }
        return reader.nodes
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, strict: Bool) {
        self.bytes = bytes
        self.strict = strict
    }

    // MARK: Values

    private mutating func value() throws(JSONReadError) {
        switch try skipWhitespace() {
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("false", .false)
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected(nil)
        }
    }

    private mutating func array() throws(JSONReadError) {
        let start = try open()
        if try skipWhitespace() == UInt8(ascii: "]") {
            position += 1
            return close(start, count: 0)
        }
        var count = 0
        while true {
            try value()
            count += 1
            switch try skipWhitespace() {
            case UInt8(ascii: "]"):
                position += 1
                return close(start, count: count)
            case UInt8(ascii: ","):
                position += 1
                if try skipWhitespace() == UInt8(ascii: "]") {
                    guard !strict else { throw unexpected("after a trailing comma") }
                    position += 1
                    return close(start, count: count)
                }
            default:
                throw unexpected("in an array")
            }
        }
    }

    private mutating func object() throws(JSONReadError) {
        let start = try open()
        if try skipWhitespace() == UInt8(ascii: "}") {
            position += 1
            return close(start, count: 0)
        }
        var count = 0
        while true {
            // The key: JSONDecoder wants its quote right here (whitespace is already skipped).
            guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected("where a key should be") }
            try string()
            guard try skipWhitespace() == UInt8(ascii: ":") else { throw unexpected("after a key") }
            position += 1
            try value()
            count += 1
            switch try skipWhitespace() {
            case UInt8(ascii: "}"):
                position += 1
                return close(start, count: count)
            case UInt8(ascii: ","):
                position += 1
                if try skipWhitespace() == UInt8(ascii: "}") {
                    guard !strict else { throw unexpected("after a trailing comma") }
                    position += 1
                    return close(start, count: count)
                }
            default:
                throw unexpected("in an object")
            }
        }
    }

    /// Records a container's node (at the opening bracket) and enters it.
    private mutating func open() throws(JSONReadError) -> Int {
        guard depth < Self.maximumDepth else {
            throw JSONReadError(message: "more than \(Self.maximumDepth) nested arrays or objects", offset: position)
        }
        depth += 1
        let kind: JSONNode.Kind = bytes[position] == UInt8(ascii: "[") ? .array : .object
        position += 1
        nodes.append(JSONNode(kind: kind, flags: [], start: UInt32(position), length: 0, end: 0))
        return nodes.count - 1
    }

    private mutating func close(_ index: Int, count: Int) {
        depth -= 1
        nodes[index].length = UInt32(count)
        nodes[index].end = UInt32(nodes.count)
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONNode.Kind) throws(JSONReadError) {
        let length = word.utf8CodeUnitCount
        guard bytes.count - position >= length else { throw JSONReadError(message: "unexpected end of input", offset: nil) }
        for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] {
            position += offset
            throw unexpected("in \(word)")
        }
        nodes.append(JSONNode(kind: kind, flags: [], start: UInt32(position), length: UInt32(length), end: UInt32(nodes.count + 1)))
        position += length
    }

    // MARK: Strings and numbers

    /// Finds the closing quote; the contents are checked when read (or here, if strict).
    private mutating func string() throws(JSONReadError) {
        position += 1  // the opening quote
        let start = position
        var flags: JSONNode.Flags = []
        var high: UInt8 = 0  // all bytes OR-ed: bit 7 set means non-ASCII
        scan: while position < bytes.count {
            let byte = bytes[position]
            high |= byte
            switch byte {
            case UInt8(ascii: "\""):
                break scan
            case UInt8(ascii: "\\"):
                flags.insert(.escapedOrControl)
                position += 1
                guard position < bytes.count else { throw unterminated(start) }
                let escaped = bytes[position]
                high |= escaped
                position += 1
                if escaped == UInt8(ascii: "u") {
                    // Four bytes of hex digits, checked when read; JSONDecoder's scan only
                    // insists that there are four and that none of them ends the string.
                    guard bytes.count - position >= 4 else { throw unterminated(start) }
                    for offset in 0..<4 {
                        let digit = bytes[position + offset]
                        guard digit != UInt8(ascii: "\"") else {
                            position += offset
                            throw unexpected("in a \\u escape")
                        }
                        high |= digit
                    }
                    position += 4
                }
            default:
                if byte < 0x20 { flags.insert(.escapedOrControl) }
                position += 1
            }
        }
        guard position < bytes.count else { throw unterminated(start) }
        if high & 0x80 != 0 { flags.insert(.nonASCII) }
        nodes.append(JSONNode(kind: .string, flags: flags, start: UInt32(start), length: UInt32(position - start), end: UInt32(nodes.count + 1)))
        position += 1  // the closing quote
        if strict, !flags.isEmpty,
           JSONStringText.decode(UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), flags: flags) == nil {
            throw JSONReadError(message: "invalid string", offset: start - 1)
        }
    }

    /// Takes the number's characters; their syntax is checked when read (or here, if strict).
    private mutating func number() throws(JSONReadError) {
        let start = position
        position += 1
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        nodes.append(JSONNode(kind: .number, flags: [], start: UInt32(start), length: UInt32(position - start), end: UInt32(nodes.count + 1)))
        if strict, JSONNumberText.parse(UnsafeBufferPointer(rebasing: bytes[start..<position])) == nil {
            throw JSONReadError(message: "invalid number", offset: start)
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    // MARK: Whitespace and errors

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Moves past whitespace and returns the byte there (without consuming it).
    @inline(__always)
    private mutating func skipWhitespace() throws(JSONReadError) -> UInt8 {
        while position < bytes.count {
            let byte = bytes[position]
            guard Self.isWhitespace(byte) else { return byte }
            position += 1
        }
        throw JSONReadError(message: "unexpected end of input", offset: nil)
    }

    private func unterminated(_ contentStart: Int) -> JSONReadError {
        JSONReadError(message: "unterminated string", offset: contentStart - 1)
    }

    private func unexpected(_ context: String?) -> JSONReadError {
        let byte = bytes[position]
        let shown = (0x20..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return JSONReadError(message: "unexpected \(shown)" + (context.map { " \($0)" } ?? ""), offset: position)
    }
}
