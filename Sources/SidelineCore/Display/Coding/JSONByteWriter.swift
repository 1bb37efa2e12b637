import Foundation

/// The output and the open containers of one ``SortedKeysJSONEncoder`` call.
///
/// Values are written straight into one byte buffer. An object's members are written as
/// they come (`"key":value`, each a range of the buffer) and put in key order when the
/// object closes; an array is written in place. This works because `Codable` fills
/// containers depth-first: a member's value is complete before its parent writes the next
/// member. Anything that breaks that order (nested containers taken by key, super encoders,
/// a container used after its value returned) is refused with ``Unsupported``, and the
/// encoder starts again with `JSONEncoder`.
final class JSONByteWriter {
    /// Refusal: the value needs something this writer does not reproduce exactly.
    struct Unsupported: Error {}

    /// One member of an open object: where `"key":value` lies in ``output``, and its key, as
    /// raw bytes in ``keys`` and as a prefix most comparisons need alone. Plain integers, so
    /// sorting moves them cheaply.
    struct Member {
        /// The key's first 16 bytes, big-endian, zero-padded.
        let high: UInt64
        let low: UInt64
        let start: Int
        let end: Int
        let keyStart: Int
        let keyEnd: Int
    }

    /// One open object or array.
    struct Frame {
        let isObject: Bool
        /// Where the container's bytes begin (an array's `[`, an object's first member).
        let start: Int
        /// Where its members begin in ``members`` (objects).
        let firstMember: Int
        /// Identifies this use of the slot: a stale container finds another serial here.
        let serial: Int
        var count = 0
        /// The key of the value being encoded inside it, for `codingPath`.
        var childKey: (any CodingKey)?
    }

    /// `JSONWriter` refuses deeper nesting; leave that (and its error) to `JSONEncoder`.
    static let maximumDepth = 500

    // Internal, not private: the container half lives in JSONByteWriter+Containers.swift.
    // Unchecked exclusivity: one writer serves one `encode` call on one thread, and the
    // dynamic checks on every append were a quarter of the encoder's time.
    @exclusivity(unchecked) var output: JSONOutput
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var keys: [UInt8] = []
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var scratch: [UInt8] = []
    @exclusivity(unchecked) var serials = 0
    /// Set when a container was taken in a way this writer cannot follow; checked at the end.
    @exclusivity(unchecked) var refused = false

    init(capacity: Int) {
        output = JSONOutput(capacity: capacity)
        members.reserveCapacity(32)
        keys.reserveCapacity(512)
        frames.reserveCapacity(8)
    }

    var depth: Int { frames.count }

    // MARK: Values

    /// Writes any value: the common leaf types directly, others through their `encode(to:)`.
    /// `key` is the value's key or index in its container, `nil` for a value standing in for
    /// its encoder's (a single-value container's).
    func encode<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        // Metatype comparisons cost a pointer compare; a dynamic cast (`as?`) costs far more.
        if T.self == String.self { return write(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return write(unsafeBitCast(value, to: Int.self)) }
        if T.self == Double.self { return try write(unsafeBitCast(value, to: Double.self)) }
        if T.self == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
        // JSONEncoder gives these its own strategies (seconds since 2001, base64, absolute
        // strings, decimal text): not worth reproducing for types that carry none of them.
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw Unsupported()
        }
        let level = depth
        guard level < Self.maximumDepth else { throw Unsupported() }
        if level > 0, let key { frames[level - 1].childKey = key }
        let start = output.count
        try value.encode(to: JSONByteEncoder(writer: self, level: level, start: start))
        if depth == level + 1 {
            try close()
        } else if depth != level || output.count == start {
            // Nothing encoded (JSONEncoder writes `{}`), or a container left in a state
            // only JSONEncoder's references resolve.
            throw Unsupported()
        }
    }

    // The values themselves are written by ``JSONOutput`` (JSONOutput+Values.swift), which
    // the hand-written ``JSONDirectWritable`` conformances share.

    func writeNull() { output.writeNull() }

    func write(_ value: Bool) { output.write(value) }

    func write(_ value: Int) { output.write(value) }

    func write<T: BinaryInteger>(_ value: T) { output.write(value) }

    func write(_ value: Double) throws { try output.write(value) }

    func write(_ value: Float) throws { try output.write(value) }

    func write(_ string: String) { output.write(string) }

    func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) { output.writeQuoted(utf8) }

    func append(_ text: StaticString) { output.append(text) }
}
