import Foundation
import SidelineCore

/// How a ``DevicePushBody`` is kept in SQLite (`device_push_body.body`): a small fixed
/// header and the parts as length-prefixed byte runs, so reading one back is slicing, not
/// parsing JSON.
///
/// Layout (integers little-endian): version `1`, kind (0 start, 1 update, 2 end), flags
/// (1 stale date, 2 dismisses at once, 4 alert, 8 attributes), priority, the stale date
/// (Int64, 0 when absent), then runs of `UInt32 length + bytes`: relevance score, alert
/// (if flagged), attributes (if flagged), content state.
extension DevicePushBody {
    static let storageVersion: UInt8 = 1
    private static let kinds: [LifecycleEventKind] = [.start, .update, .end]

    /// Why stored bytes could not be read back: the row was damaged or written by a newer
    /// version of Sideline.
    public struct StorageError: Error, Sendable, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public var storageBytes: Data {
        var bytes: [UInt8] = [Self.storageVersion, UInt8(Self.kinds.firstIndex(of: kind) ?? 1)]
        var flags: UInt8 = 0
        if staleDate != nil { flags |= 1 }
        if dismissesAtOnce { flags |= 2 }
        if alert != nil { flags |= 4 }
        if attributes != nil { flags |= 8 }
        bytes.append(flags)
        bytes.append(UInt8(clamping: priority))
        withUnsafeBytes(of: Int64(staleDate ?? 0).littleEndian) { bytes.append(contentsOf: $0) }
        for run in [relevanceScore, alert, attributes, contentState].compactMap({ $0 }) {
            withUnsafeBytes(of: UInt32(run.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: run)
        }
        return Data(bytes)
    }

    public init(storageBytes data: Data) throws(StorageError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0] == Self.storageVersion, Int(bytes[1]) < Self.kinds.count else {
            throw StorageError(description: "a stored APNs push body has an unknown layout (version \(bytes.first.map(String.init) ?? "none"))")
        }
        let flags = bytes[2]
        var stale: Int64 = 0
        for i in 0..<8 { stale |= Int64(bytes[4 + i]) << (8 * i) }
        var offset = 12
        func run() throws(StorageError) -> [UInt8] {
            guard offset + 4 <= bytes.count else { throw StorageError(description: "a stored APNs push body is cut short") }
            var length = 0
            for i in 0..<4 { length |= Int(bytes[offset + i]) << (8 * i) }
            offset += 4
            guard length <= bytes.count - offset else { throw StorageError(description: "a stored APNs push body is cut short") }
            defer { offset += length }
            return Array(bytes[offset..<(offset + length)])
        }
        let relevance = try run()
        let alert = flags & 4 != 0 ? try run() : nil
        let attributes = flags & 8 != 0 ? try run() : nil
        let contentState = try run()
        guard offset == bytes.count else { throw StorageError(description: "a stored APNs push body has trailing bytes") }
        self.init(
            kind: Self.kinds[Int(bytes[1])], priority: Int(bytes[3]), staleDate: flags & 1 != 0 ? Int(stale) : nil,
            dismissesAtOnce: flags & 2 != 0, alert: alert, attributes: attributes, contentState: contentState, relevanceScore: relevance
        )
    }
}
