import Foundation
import SidelineCore

/// A lifecycle state as the store keeps it: compact bytes (~1 kB for an open activity,
/// against ~15 kB for the decoded struct), plus its ``Header``: the few fields the scheduler
/// reads on every pass without decoding the rest.
public struct LifecycleRow: Sendable, Hashable {
    /// Whether an activity is open, and its clocks (when it next needs a step). The scheduler
    /// keeps only this between passes (~40 bytes a registration instead of ~1 kB) and reads
    /// the full rows of the registrations a pass steps (``SQLiteStore/lifecycleRows(_:)``).
    public struct Header: Sendable, Hashable {
        // Seconds since 1970, NaN for none: 24 bytes a row where three `Date?` took 48.
        private let startedAt: Double
        private let lastEvent: Double
        private let grace: Double

        public init(activityStartedAt: Date?, lastEventAt: Date?, graceSince: Date?) {
            startedAt = activityStartedAt?.timeIntervalSince1970 ?? .nan
            lastEvent = lastEventAt?.timeIntervalSince1970 ?? .nan
            grace = graceSince?.timeIntervalSince1970 ?? .nan
        }

        public var isOpen: Bool { !startedAt.isNaN }
        /// The open activity's start, last event and grace start.
        public var activityStartedAt: Date? { Self.date(startedAt) }
        public var lastEventAt: Date? { Self.date(lastEvent) }
        public var graceSince: Date? { Self.date(grace) }

        private static func date(_ seconds: Double) -> Date? { seconds.isNaN ? nil : Date(timeIntervalSince1970: seconds) }

        // NaN is never equal to itself: compare what the fields mean.
        public static func == (a: Header, b: Header) -> Bool {
            a.activityStartedAt == b.activityStartedAt && a.lastEventAt == b.lastEventAt && a.graceSince == b.graceSince
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(activityStartedAt)
            hasher.combine(lastEventAt)
            hasher.combine(graceSince)
        }
    }

    public let bytes: [UInt8]
    public let header: Header

    public var isOpen: Bool { header.isOpen }
    public var activityStartedAt: Date? { header.activityStartedAt }
    public var lastEventAt: Date? { header.lastEventAt }
    public var graceSince: Date? { header.graceSince }

    public init(_ state: LifecycleState) {
        bytes = CompactRows.encode(state)
        let graceSince: Date? = if case .grace(let since) = state.activity?.phase { since } else { nil }
        header = Header(activityStartedAt: state.activity?.startedAt, lastEventAt: state.activity?.lastEventAt, graceSince: graceSince)
    }

    /// Reads the header only; the view is decoded by ``state()`` when a pass steps the row.
    /// `package`: the PostgreSQL store keeps the same bytes.
    package init(bytes: [UInt8]) throws {
        self.bytes = bytes
        header = try Self.header(of: bytes)
    }

    /// The header of stored bytes, without keeping them.
    static func header(of bytes: [UInt8]) throws -> Header {
        var reader = try CompactReader(bytes, versions: CompactRows.lifecycleVersions, what: "lifecycle row")
        let activity = try CompactRows.lifecycleHeader(&reader).activity
        return Header(activityStartedAt: activity?.startedAt, lastEventAt: activity?.lastEventAt, graceSince: activity?.graceSince)
    }

    public func state() throws(StoreError) -> LifecycleState {
        do { return try CompactRows.lifecycleState(bytes) } catch {
            throw StoreError("a stored lifecycle state does not read back (\(error)); remove the registration and add it again")
        }
    }
}
