import Foundation

/// A parsed JSON text kept as its bytes plus one flat array of nodes in document order, so
/// reading a body costs two allocations however many arrays and objects it holds (a tree
/// of enums would allocate once per container). Strings and numbers stay as byte ranges
/// and are converted only when read, as `JSONDecoder` does.
///
/// Layout: a container's node is followed by its children; an object's children alternate
/// key (a string node) and value. ``JSONNode/end`` is the index just past a node's
/// subtree, which is how a reader skips a value it does not want.
struct JSONDocument: Sendable {
    /// UTF-8, without a byte-order mark.
    let bytes: [UInt8]
    let nodes: [JSONNode]

    /// The top-level value.
    static let root = 0

    /// Parses `data` the way `JSONDecoder` accepts it (see ``JSONReader``); `strict` rejects
    /// what RFC 8259 forbids even where `JSONDecoder` lets it through.
    init(parsing data: Data, strict: Bool = false) throws(JSONReadError) {
        let bytes = try JSONEncodingDetection.utf8Bytes(of: data)
        self.bytes = bytes
        self.nodes = try bytes.withUnsafeBufferPointer { buffer throws(JSONReadError) in
            try JSONReader.parse(buffer, strict: strict)
        }
    }

    /// Runs `body` with a ``JSONView`` of the document, which reads straight from its storage
    /// (no reference counting or bounds checks per value); the view must not escape `body`.
    func withView<R>(_ body: (JSONView) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try nodes.withUnsafeBufferPointer { nodes in try body(JSONView(bytes: bytes, nodes: nodes)) }
        }
    }

    // One-off reads, for tests and callers that read a value or two.
    func count(_ node: Int) -> Int { withView { $0.count(node) } }
    func string(_ node: Int) -> String? { withView { $0.string(node) } }
    func int(_ node: Int) -> Int? { withView { $0.int(node) } }
    func double(_ node: Int) -> Double? { withView { $0.double(node) } }
}

/// Reads a ``JSONDocument``'s nodes by index; valid only inside ``JSONDocument/withView(_:)``.
struct JSONView {
    let bytes: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<JSONNode>

    func kind(_ node: Int) -> JSONNode.Kind { nodes[node].kind }

    /// Elements of an array, key/value pairs of an object, 0 for anything else.
    func count(_ node: Int) -> Int { Int(nodes[node].length) }

    /// The node after `node`'s subtree: its next sibling, or whatever follows its parent.
    func next(_ node: Int) -> Int { Int(nodes[node].end) }

    /// A string or number node's raw bytes (between the quotes for a string).
    func rawBytes(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let item = nodes[node]
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + Int(item.start) }, count: Int(item.length))
    }

    /// What `JSONDecoder` decodes as `String` here; `nil` where it would throw (not a string,
    /// a bad escape, a control character, invalid UTF-8).
    func string(_ node: Int) -> String? {
        let item = nodes[node]
        guard item.kind == .string else { return nil }
        return JSONStringText.decode(rawBytes(node), flags: item.flags)
    }

    /// What `JSONDecoder` decodes as `Int` here; `nil` where it would throw.
    func int(_ node: Int) -> Int? {
        guard kind(node) == .number else { return nil }
        return JSONNumberText.int(rawBytes(node))
    }

    /// What `JSONDecoder` decodes as `Double` here; `nil` where it would throw.
    func double(_ node: Int) -> Double? {
        guard kind(node) == .number else { return nil }
        return JSONNumberText.double(rawBytes(node))
    }

    /// Which of `names` a key node (a string) spells, compared as `JSONDecoder` looks keys
    /// up: as decoded `String`s. ``KeyMatch/undecodable`` when the key itself does not
    /// decode, which makes `JSONDecoder` refuse the whole object.
    func key(_ node: Int, among names: [StaticString]) -> KeyMatch {
        let item = nodes[node]
        guard item.flags.isEmpty else {
            guard let text = string(node) else { return .undecodable }
            return names.firstIndex { text == $0.description }.map(KeyMatch.name) ?? .other
        }
        // Plain ASCII: byte equality is String equality, and nothing needs building.
        let raw = rawBytes(node)
        for (index, name) in names.enumerated()
        where raw.count == name.utf8CodeUnitCount
            && raw.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) {
            return .name(index)
        }
        return .other
    }

    enum KeyMatch: Equatable {
        /// The index into the names.
        case name(Int)
        case other
        case undecodable
    }
}

/// One value in a ``JSONDocument`` (16 bytes; offsets are 32-bit, so bodies are limited
/// to 4 GiB, far above anything Sleeper sends).
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable { case null, `true`, `false`, number, string, array, object }

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// A string holding a backslash or a raw control character: reading it takes the
        /// slow, unescaping path.
        static let escapedOrControl = Flags(rawValue: 1)
        /// A string holding a byte ≥ 0x80, whose UTF-8 must be validated when read.
        static let nonASCII = Flags(rawValue: 2)
    }

    var kind: Kind
    var flags: Flags
    /// Byte offset of a string's contents (after the quote) or of a number's first byte.
    var start: UInt32
    /// Byte length of a string or number; elements or key/value pairs of a container.
    var length: UInt32
    /// Index of the node just past this one's subtree.
    var end: UInt32
}

/// Why a body is not JSON, with where; the message is one line.
struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String
    /// Byte offset into the UTF-8 text, when the problem has a place.
    let offset: Int?

    var description: String {
        offset.map { "\(message) at byte \($0)" } ?? message
    }
}
